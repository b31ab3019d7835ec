-- Read by redis-log.ts at start, which names the publish command where the script publishes: PUBLISH on one server,
-- SPUBLISH on a cluster.
--
-- The one atomic step of ingestion, per notification and channel: for every event, the dedup
-- claim (SET NX PX); for a new one, the append to the channel's stream (XADD, trimmed by MINID to
-- the retention window), the update of its message record (a hash: direction, contact, type, at,
-- status by lifecycle, text, thread time `ts`, when it was sent `sa`, who sent it `o` (and `sb`, a send's actor),
-- the sender's profile name `cn`, its body `b` (a send's request body, or the item of a message, echo or edit, cut out of
-- its event; erased with `h` and `text` by a revoke), one `s:<id>` field per status event) and
-- of its contact's conversation (a hash, its place in the channel's conversations by last activity
-- and the message's place in the contact's thread); then one PUBLISH (SPUBLISH on a cluster) of
-- everything appended and of the conversations changed, numbered by a per-channel sequence so a
-- subscriber can tell it missed a publication. A send accepted by the upstream (`sent`) updates its record
-- and conversation, a window verdict (`closed`) only the conversation. Nothing of a notification
-- is applied unless all of it is, so no crash between steps can lose an event or count it twice,
-- and a re-delivered notification (a dedup hit) changes nothing. Conversation times only move
-- forward (an old event arriving late never moves them back) and outlive the retention by at
-- least one window.
--
-- Every key carries the hash tag `{channelId}` and is passed in KEYS (Cluster-ready).
--
-- KEYS[1] stream, KEYS[2] fan-out sequence, KEYS[3] conversations (sorted set), KEYS[4] watch
-- mark, then per item i: KEYS[10i+5] dedup key, KEYS[10i+6] record, KEYS[10i+7] conversation,
-- KEYS[10i+8] thread (sorted set), KEYS[10i+9] the alias of the user id an item naming only a user
-- id was resolved from, KEYS[10i+10] the alias of the user id the item links (`lk`), KEYS[10i+11],
-- KEYS[10i+12] and KEYS[10i+13] the conversation, thread and alias of the key whose conversation
-- merges (`ls`), KEYS[10i+14] the alias of the user id the first alias named, when the caller followed
-- it (`ey`: a user id linked to an older one whose conversation merged since; ALIAS_HOPS in
-- conversations/changes.ts) — for i counted from 0. An alias names the contact key of a user id's conversation:
-- the wa_id seen beside it, or the older user id a user id change continued. An item linking a user
-- id (it names both keys of a contact, or is a user id change) writes its alias, and merges a
-- conversation kept under `ls` into its contact's, `ls` then naming the contact too (as
-- MemoryConversations.link in memory-conversations.ts). The caller resolved every user id it read
-- (`ex`, `ey`, `lx`: the alias it read, '' for none; without `lx` it assumed the alias names no user id);
-- when an alias is not what it read or assumed the script changes nothing and returns { -1 }: the
-- caller resolves again (reading every alias) and retries. An item of keys only
-- (`ko`: a preference, a message in a group) starts no conversation and moves no time; a
-- conversation already kept takes its keys, and is published only when a key of it changed or a conversation merged
-- into it (a repeated preference tells no one). A number change naming the new user id is followed by an item of
-- its own (`linked`, keys only, for the new number's conversation) that links that user id to the new number, applied
-- only when the notice before it was appended. A reaction, edit or revoke that changes a message of
-- another conversation (one before a number change) tells that conversation's subscribers too.
-- ARGV[1] retention ms (0: nothing kept, the stream only numbers events), ARGV[2] dedup TTL ms,
-- ARGV[3] pub/sub channel, ARGV[4] sequence TTL ms, ARGV[5] conversation TTL ms, ARGV[6] window
-- ms, ARGV[7] '1' when the items come from a notification (it marks the channel as watched), then
-- per item two values: what it does (a JSON object, see ScriptMeta in redis-log.ts) and the event's JSON.
-- Returns per item the new entry id, 0 for a duplicate, or the operation (sent, closed).
-- The status order (nextStatus) mirrors event-log.ts; the conversation rules mirror memory-conversations.ts.
local retention = tonumber(ARGV[1])
local conversationTtl = tonumber(ARGV[5])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local rank = { accepted = 0, received = 0, sent = 1, delivered = 2, read = 3 }
local function nextStatus(current, incoming)
  if not current then return incoming end
  if current == 'failed' then return current end
  if incoming == 'failed' then return incoming end
  local incomingRank = rank[incoming]
  if incomingRank and incomingRank > (rank[current] or -1) then return incoming end
  return current
end
local function text(value)
  if type(value) == 'string' then return value end
  return ''
end
local changed = {}
local KEY_FIELDS = { 'p', 'u', 'un' }
-- The contact's keys the item names, over those `held` (the conversation's p, u, un); true when one of them changed.
local function takeKeys(conversation, m, held)
  local took = false
  for index, value in ipairs({ text(m.ph), text(m.u), text(m.un) }) do
    if value ~= '' and value ~= held[index] then
      redis.call('HSET', conversation, KEY_FIELDS[index], value)
      took = true
    end
  end
  return took
end
-- Whether a thread place (order, message id) comes before the conversation's last message in the thread's order (newest
-- first, ties by member descending as ZRANGE … REV; compareNewestFirst in conversations/list-pages.ts).
local function newerThanLast(conversation, lastMessageAt, order, messageId)
  if not lastMessageAt then return true end
  if order ~= lastMessageAt then return order > lastMessageAt end
  return messageId > text(redis.call('HGET', conversation, 'lm'))
end
-- `merged`: the item's link merged a conversation into this one (it changed, whatever keys the item names).
local function touch(conversation, thread, m, messageId, merged)
  local contact = text(m.c)
  if contact == '' then return end
  if m.ko then
    if redis.call('EXISTS', conversation) == 0 then return end
    -- Keys only: its subscribers are told only when a key or a merged conversation changed it.
    if takeKeys(conversation, m, redis.call('HMGET', conversation, 'p', 'u', 'un')) or merged then changed[#changed + 1] = contact end
    return
  end
  local at, order = m.at or now, m.ord or m.at or now
  local current = redis.call('HMGET', conversation, 'la', 'li', 'lt', 'cl', 'p', 'u', 'un')
  local activity = tonumber(current[1])
  if not activity or order > activity then activity = order end
  redis.call('HSET', conversation, 'c', contact, 'la', activity)
  local lastInbound = tonumber(current[2])
  if m.inb and (not lastInbound or at > lastInbound) then
    redis.call('HSET', conversation, 'li', at)
    if text(m.n) ~= '' then redis.call('HSET', conversation, 'n', m.n) end
  end
  takeKeys(conversation, m, { current[5], current[6], current[7] })
  if text(m.mv) ~= '' then redis.call('HSET', conversation, 'mv', m.mv) end
  local closedAt = tonumber(current[4])
  if m.cl and (not closedAt or at > closedAt) then redis.call('HSET', conversation, 'cl', at) end
  if messageId ~= '' then
    -- A message takes its thread place, and may become the last message, once: a later status of it moves neither.
    local placed = true
    if retention > 0 then
      placed = redis.call('ZADD', thread, 'NX', order, messageId) == 1
      redis.call('ZREMRANGEBYSCORE', thread, '-inf', '(' .. (now - retention))
      redis.call('PEXPIRE', thread, retention)
    end
    if placed and newerThanLast(conversation, tonumber(current[3]), order, messageId) then redis.call('HSET', conversation, 'lm', messageId, 'lt', order) end
  end
  redis.call('PEXPIRE', conversation, conversationTtl)
  redis.call('ZADD', KEYS[3], activity, contact)
  changed[#changed + 1] = contact
end
-- The item of a message, echo or edit: its event's JSON from `bo` bytes on, to the event's closing `}}` (serializeEvent
-- in event-log.ts puts it last), so the gateway sends it once; '' for an event without an item.
local function itemOf(m, event)
  if m.bo then return string.sub(event, m.bo + 1, -3) end
  return ''
end
-- `sa` when it was sent: an echo's own time, a send's acceptance (now); `sb` who sent a send.
local function outbound(record, m, origin, status, body)
  local current = redis.call('HMGET', record, 'status', 'ts')
  redis.call('HSET', record, 'direction', 'OUTBOUND', 'contact', text(m.rc), 'type', text(m.ty), 'at', now, 'status', current[1] or status,
    'text', text(m.tx), 'ts', current[2] or (m.ord or now), 'o', origin, 'b', body, 'sa', m.sa or now)
  if text(m.sb) ~= '' then redis.call('HSET', record, 'sb', m.sb) end
  redis.call('PEXPIRE', record, retention)
end
local function max(a, b)
  if not a then return b end
  if not b then return a end
  return math.max(a, b)
end
local function merge(from, fromThread, into, intoThread, contact, fromContact)
  local source = redis.call('HMGET', from, 'la', 'li', 'n', 'cl', 'lm', 'lt', 'u', 'un', 'mv')
  local la = tonumber(source[1])
  if not la then return false end
  local target = redis.call('HMGET', into, 'la', 'li', 'cl', 'lt', 'u', 'un', 'mv')
  local activity = max(tonumber(target[1]), la)
  redis.call('HSET', into, 'c', contact, 'la', activity)
  local li, targetLi = tonumber(source[2]), tonumber(target[2])
  if li and (not targetLi or li > targetLi) then
    redis.call('HSET', into, 'li', li)
    if source[3] then redis.call('HSET', into, 'n', source[3]) end
  end
  local closedAt = max(tonumber(target[3]), tonumber(source[4]))
  if closedAt then redis.call('HSET', into, 'cl', closedAt) end
  local lt = tonumber(source[6])
  if lt and source[5] and newerThanLast(into, tonumber(target[4]), lt, source[5]) then redis.call('HSET', into, 'lm', source[5], 'lt', lt) end
  for index, field in ipairs({ 'u', 'un', 'mv' }) do
    if not target[4 + index] and source[6 + index] then redis.call('HSET', into, field, source[6 + index]) end
  end
  if retention > 0 and redis.call('EXISTS', fromThread) == 1 then
    redis.call('ZUNIONSTORE', intoThread, 2, intoThread, fromThread, 'AGGREGATE', 'MIN')
    redis.call('PEXPIRE', intoThread, retention)
  end
  redis.call('DEL', from, fromThread)
  redis.call('ZREM', KEYS[3], fromContact)
  redis.call('ZADD', KEYS[3], activity, contact)
  redis.call('PEXPIRE', into, conversationTtl)
  return true
end
local function change(record, m, event)
  if redis.call('EXISTS', record) == 0 then return end
  local at = m.at or now
  if m.tk == 'reaction' then
    local field = 'r:' .. m.rf
    local held = redis.call('HGET', record, field)
    if held and cjson.decode(held).at > at then return end
    if text(m.re) == '' then redis.call('HDEL', record, field) else redis.call('HSET', record, field, cjson.encode({ e = m.re, at = at })) end
  elseif m.tk == 'edit' then
    -- A deleted message stays deleted: an edit re-delivered after its revoke brings nothing of it back.
    if redis.call('HEXISTS', record, 'ra') == 1 then return end
    local previous = redis.call('HGET', record, 'b')
    if previous and previous ~= '' then
      local history = cjson.decode(redis.call('HGET', record, 'h') or '[]')
      history[#history + 1] = previous
      redis.call('HSET', record, 'h', cjson.encode(history))
    end
    redis.call('HSET', record, 'b', itemOf(m, event), 'text', text(m.tx), 'ea', at)
  elseif m.tk == 'revoke' then
    -- Deleted for everyone: what it said (body, text, every earlier version) is erased, only the fact and time stay.
    redis.call('HDEL', record, 'b', 'h', 'text')
    redis.call('HSET', record, 'ra', at)
  end
  redis.call('PEXPIRE', record, retention)
  local owner = text(redis.call('HGET', record, 'contact'))
  if not m.ko and text(m.c) ~= '' and owner ~= '' and owner ~= m.c and owner ~= text(m.u) then changed[#changed + 1] = owner end
end
if ARGV[7] == '1' then
  redis.call('SET', KEYS[4], now, 'NX', 'PX', ARGV[6])
  redis.call('PEXPIRE', KEYS[4], ARGV[6])
end
local count = (#ARGV - 7) / 2
local metas = {}
-- What each alias holds as the items before have left it (the caller resolved the batch the same way).
local aliases = {}
local function aliasOf(key)
  return aliases[key] or redis.call('GET', key) or ''
end
for i = 1, count do
  local m = cjson.decode(ARGV[7 + (i - 1) * 2 + 1])
  metas[i] = m
  local k = 4 + (i - 1) * 10
  if m.ex and aliasOf(KEYS[k + 5]) ~= m.ex then return { -1 } end
  if m.ey and aliasOf(KEYS[k + 10]) ~= m.ey then return { -1 } end
  if m.lk then
    -- Without `lx` the caller did not read the alias and assumed it names no user id (a user id has a dot).
    local held = aliasOf(KEYS[k + 6])
    if (m.lx and held ~= m.lx) or (not m.lx and string.find(held, '.', 1, true)) then return { -1 } end
    aliases[KEYS[k + 6]] = m.c
    if m.ls then aliases[KEYS[k + 9]] = m.c end
  end
end
local results = {}
local published = {}
for i = 1, count do
  local m = metas[i]
  local event = ARGV[7 + (i - 1) * 2 + 2]
  local operation, messageId = m.op, text(m.id)
  local k = 4 + (i - 1) * 10
  local record, conversation, thread = KEYS[k + 2], KEYS[k + 3], KEYS[k + 4]
  -- A number change's link of its new user id to the new number (`linked`) follows its notice, and only an appended one.
  local applies = operation ~= 'linked' or type(results[i - 1]) == 'string'
  if m.lk and applies then
    redis.call('SET', KEYS[k + 6], m.c, 'PX', conversationTtl)
    if m.ls then redis.call('SET', KEYS[k + 9], m.c, 'PX', conversationTtl) end
  end
  if operation == 'sent' then
    if retention > 0 then outbound(record, m, 'API', 'accepted', text(m.b)) end
    touch(conversation, thread, m, messageId)
    results[i] = operation
  elseif operation == 'closed' then
    touch(conversation, thread, m, '')
    results[i] = operation
  elseif operation == 'linked' then
    if applies then
      local merged = m.ls and merge(KEYS[k + 7], KEYS[k + 8], conversation, thread, m.c, m.ls)
      touch(conversation, thread, m, '', merged)
    end
    results[i] = operation
  elseif redis.call('SET', KEYS[k + 1], '1', 'NX', 'PX', ARGV[2]) then
    local id
    if retention > 0 then
      id = redis.call('XADD', KEYS[1], 'MINID', math.max(now - retention, 0), '*', 'e', event)
      if m.tk then
        change(record, m, event)
      elseif operation == 'message' then
        redis.call('HSET', record, 'direction', 'INBOUND', 'contact', text(m.rc), 'type', text(m.ty), 'at', now, 'status', 'received', 'text', text(m.tx), 'ts', m.ord or now, 'b', itemOf(m, event), 'sa', m.sa or now)
        if text(m.cn or m.n) ~= '' then redis.call('HSET', record, 'cn', m.cn or m.n) end
        redis.call('PEXPIRE', record, retention)
      elseif operation == 'echo' then
        outbound(record, m, 'BUSINESS_APP', 'sent', itemOf(m, event))
      elseif operation == 'status' then
        local current = redis.call('HGET', record, 'status')
        if not current then redis.call('HSET', record, 'direction', 'OUTBOUND', 'contact', text(m.rc), 'at', now, 'ts', m.ord or now, 'sa', m.sa or now) end
        redis.call('HSET', record, 'status', nextStatus(current, m.st), 's:' .. id, event)
        redis.call('PEXPIRE', record, retention)
      end
    else
      id = redis.call('XADD', KEYS[1], 'MAXLEN', '0', '*', 'e', '')
    end
    if m.tk then messageId = '' end
    local merged = m.ls and merge(KEYS[k + 7], KEYS[k + 8], conversation, thread, m.c, m.ls)
    touch(conversation, thread, m, messageId, merged)
    results[i] = id
    published[#published + 1] = '{"id":"' .. id .. '","e":' .. event .. '}'
  else
    results[i] = 0
  end
end
if #changed > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', '(' .. (now - conversationTtl))
  redis.call('PEXPIRE', KEYS[3], conversationTtl)
end
if #published > 0 or #changed > 0 then
  local keep = math.max(retention, tonumber(ARGV[4]))
  if #published > 0 then redis.call('PEXPIRE', KEYS[1], keep) end
  local sequence = redis.call('INCR', KEYS[2])
  redis.call('PEXPIRE', KEYS[2], keep)
  local contacts = '[]'
  if #changed > 0 then contacts = cjson.encode(changed) end
  redis.call(PUBLISH_COMMAND, ARGV[3], '{"q":' .. sequence .. ',"e":[' .. table.concat(published, ',') .. '],"c":' .. contacts .. '}')
end
return results
