import { describe, expect, it } from '@jest/globals';
import { buildInbound, INBOUND_KINDS, inboundInput } from '../../simulator/inbound-traffic.js';
import { LIVE_CYCLE, liveInput, type LiveLastMessage } from '../../simulator/live-traffic.js';

const CYCLE = 60;

describe('the live traffic cycle', () => {
  it('is fixed: two texts before each other kind, every kind once per cycle of 60', () => {
    expect(LIVE_CYCLE.slice(0, 9)).toEqual(['text', 'text', 'image', 'text', 'text', 'voice', 'text', 'text', 'location']);
    expect(LIVE_CYCLE).toHaveLength(CYCLE);
    expect(LIVE_CYCLE.filter((kind) => kind === 'text')).toHaveLength(40);
    expect(new Set(LIVE_CYCLE)).toEqual(new Set(INBOUND_KINDS));
  });

  it('the same tick brings the same item', () => {
    const last: LiveLastMessage = { id: 'wamid.LAST=', sender: { from: '447700900123', name: 'Oliver Smith' } };
    for (let tick = 0; tick < CYCLE; tick += 1) expect(liveInput(tick, 'c', 'cloud', last)).toEqual(liveInput(tick + CYCLE, 'c', 'cloud', last));
  });

  it('on-premise: the cloud-only kinds and the user-id contact become texts from phone contacts', () => {
    const last: LiveLastMessage = { id: 'wamid.LAST=', sender: { from: '447700900123', name: 'Oliver Smith' } };
    const items = Array.from({ length: CYCLE }, (_unused, tick) => liveInput(tick, 'c', 'onPremise', last));
    expect(items.filter((item) => ['flow_reply', 'edit', 'revoke', 'echo', 'preference'].includes(item.kind))).toEqual([]);
    expect(items.filter((item) => item.from === undefined || item.userId !== undefined)).toEqual([]);
    expect(items.filter((item) => item.kind === 'text')).toHaveLength(45);
  });

  it('cloud: every fourth item comes from the contact known only by its user id and username', () => {
    const item = liveInput(3, 'c', 'cloud', undefined);
    expect(item).toEqual({ channelId: 'c', kind: 'text', userId: 'DE.1650555123456789', username: '@lena.k', name: 'Lena Krause', text: expect.any(String) });
  });

  it('reactions, edits and revokes name the last text; edits and revokes come from its writer; before any text they are texts', () => {
    const last: LiveLastMessage = { id: 'wamid.LAST=', sender: { userId: 'DE.1650555123456789', username: '@lena.k', name: 'Lena Krause' } };
    const tickOf = (kind: string) => LIVE_CYCLE.indexOf(kind as (typeof LIVE_CYCLE)[number]);
    expect(liveInput(tickOf('reaction'), 'c', 'cloud', last)).toMatchObject({ kind: 'reaction', messageId: 'wamid.LAST=', emoji: '👍' });
    expect(liveInput(tickOf('edit'), 'c', 'cloud', last)).toMatchObject({ kind: 'edit', messageId: 'wamid.LAST=', userId: 'DE.1650555123456789' });
    expect(liveInput(tickOf('revoke'), 'c', 'cloud', last)).toEqual({ channelId: 'c', kind: 'revoke', messageId: 'wamid.LAST=', ...last.sender });
    expect(liveInput(tickOf('reaction'), 'c', 'cloud', undefined).kind).toBe('text');
  });

  it('a preference change always names a phone number', () => {
    const tick = LIVE_CYCLE.indexOf('preference');
    for (let offset = 0; offset < 4; offset += 1) expect(liveInput(tick + CYCLE * offset, 'c', 'cloud', undefined).from).toMatch(/^\d+$/);
  });

  it('a number change on cloud names the new user id beside the new number, and the previous one, as /_control/inbound takes them; on-premise neither', () => {
    const tick = LIVE_CYCLE.indexOf('system');
    const cloud = liveInput(tick, 'c', 'cloud', undefined);
    expect(cloud).toEqual({
      channelId: 'c',
      kind: 'system',
      from: '4917612345000',
      name: 'Jonas Weber',
      newWaId: '4917612345001',
      userId: 'DE.1761234500001',
      newUserId: 'DE.1761234500002',
    });
    expect(inboundInput.safeParse(cloud).success).toBe(true);
    const built = buildInbound(cloud, {
      hosting: 'cloud',
      name: 'Jonas Weber',
      timestamp: 1_790_000_000,
      id: 'wamid.LIVE=',
      businessNumber: '15550783881',
      media: () => {
        throw new Error('a number change carries no media');
      },
    });
    expect(built.items).toEqual({
      messages: [
        expect.objectContaining({
          from: '4917612345000',
          from_user_id: 'DE.1761234500001',
          type: 'system',
          system: {
            body: expect.any(String),
            wa_id: '4917612345001',
            user_id: 'DE.1761234500002',
            previous_user_id: 'DE.1761234500001',
            type: 'user_changed_number',
          },
        }),
      ],
    });

    const onPremise = liveInput(tick, 'c', 'onPremise', undefined);
    expect(onPremise).toEqual({ channelId: 'c', kind: 'system', from: '4917612345000', name: 'Jonas Weber', newWaId: '4917612345001' });
    expect(inboundInput.safeParse(onPremise).success).toBe(true);
  });
});
