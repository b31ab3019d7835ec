import type { EventEmitter } from 'node:events';
import type { RequestRecorder } from './recorder.js';
import type { SimState } from './state.js';

/** What the simulator's areas share; server.ts builds it and hands it to each area's routes. */
export interface SimulatorContext {
  state: SimState;
  recorder: RequestRecorder;
  /**
   * Happenings other simulator parts react to, e.g. `message-accepted` ({channelId, messageId,
   * to, error?}) emitted by the send route, on which webhook delivery schedules status notifications
   * (one `failed` carrying `error` when it is set).
   */
  events: EventEmitter;
  /** Base URL once listening (e.g. http://127.0.0.1:43121). */
  baseUrl: () => string;
  /** How long after it is set a business-account webhook takes effect (0: at once). */
  wabaWebhookDelayMs: number;
  /** How long after its creation a template is reviewed (approved, or rejected when its name starts with `reject_`). */
  templateReviewMs: number;
}
