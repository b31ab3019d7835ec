-- Read by redis-log.ts at start, which names the publish command where the script publishes: PUBLISH on one server,
-- SPUBLISH on a cluster.
--
-- The one atomic step of ingestion, per notification and channel: for every event, the dedup
-- claim (SET NX PX); for a new one, the append to the channel's stream (XADD, trimmed by MINID to
-- the retention window), the update of its message record (a hash: direction, contact, type, at,
-- status by lifecycle, text, thread time, when it was sent, who sent it (and a send's actor), the sender's profile
-- name, its body (a send's request body, or the item of a message, echo or edit, cut out of its event; erased with its
-- history and text by a revoke), one field per status event) and
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
-- The names of the protocol come from APPEND_PROTOCOL (append-protocol.ts), put before this script as a prelude when
-- it is loaded: KEYS are the channel's (KEYS[CHANNEL_KEY.log], .sequence, .conversations sorted set, .watched mark),
-- then KEYS_PER_ITEM per item, read by name through itemKeys(i) (ITEM_KEYS: dedup, record, conversation, thread sorted
-- set, the alias an item naming only a user id was resolved from, the alias of the user id it links, the conversation,
-- thread and alias of the key whose conversation merges, the alias the first alias named when the caller followed it:
-- ALIAS_HOPS in conversations/changes.ts). ARGV are ARG's (retention ms, 0: nothing kept, the stream only numbers
-- events; dedup TTL ms; pub/sub channel; sequence TTL ms; conversation TTL ms; window ms; '1' when the items come from
-- a notification, which marks the channel as watched), then per item two values: its fields (short keys, read by
-- readable name through itemFields(i) and ITEM_NAME) and its event's JSON. Records and conversations are hashes whose fields
-- RECORD and CONVERSATION name.
--
-- An alias names the contact key of a user id's conversation: the wa_id seen beside it, or the older user id a user id
-- change continued. An item linking a user id (it names both keys of a contact, or is a user id change) writes its
-- alias, and merges a conversation kept under `mergedKey` into its contact's, `mergedKey` then naming the contact too
-- (as MemoryConversations.link in memory-conversations.ts). The caller resolved every user id it read
-- (`resolvedAlias`, `furtherAlias`, `linkedAlias`: the alias it read, '' for none; without `linkedAlias` it assumed
-- the alias names no user id); when an alias is not what it read or assumed the script changes nothing and returns
-- { -1 }: the caller resolves again (reading every alias) and retries. An item of keys only (`keysOnly`: a preference,
-- a message in a group) starts no conversation and moves no time; a conversation already kept takes its keys, and is
-- published only when a key of it changed or a conversation merged into it (a repeated preference tells no one). A
-- number change naming the new user id is followed by an item of its own (`linked`, keys only, for the new number's
-- conversation) that links that user id to the new number, applied only when the notice before it was appended. A
-- reaction, edit or revoke that changes a message of another conversation (one before a number change) tells that
-- conversation's subscribers too.
-- Returns per item the new entry id, 0 for a duplicate, or the operation (sent, closed).
-- The status order (nextStatus) mirrors event-log.ts; the conversation rules mirror memory-conversations.ts.
local retention = tonumber(ARGV[ARG.retentionMs])
local conversationTtl = tonumber(ARGV[ARG.conversationTtlMs])
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
local KEY_FIELDS = { CONVERSATION.phone, CONVERSATION.userId, CONVERSATION.username }
-- The contact's keys the item names, over those `held` (the conversation's phone, user id, username); true when one of them changed.
local function takeKeys(conversation, m, held)
  local took = false
  for index, value in ipairs({ text(m.phone), text(m.userId), text(m.username) }) do
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
  return messageId > text(redis.call('HGET', conversation, CONVERSATION.lastMessageId))
end
-- `merged`: the item's link merged a conversation into this one (it changed, whatever keys the item names).
local function touch(conversation, thread, m, messageId, merged)
  local contact = text(m.contact)
  if contact == '' then return end
  if m.keysOnly then
    if redis.call('EXISTS', conversation) == 0 then return end
    -- Keys only: its subscribers are told only when a key or a merged conversation changed it.
    if takeKeys(conversation, m, redis.call('HMGET', conversation, unpack(KEY_FIELDS))) or merged then changed[#changed + 1] = contact end
    return
  end
  local at, order = m.atMs or now, m.orderMs or m.atMs or now
  local current = redis.call('HMGET', conversation, CONVERSATION.lastActivityMs, CONVERSATION.lastInboundMs, CONVERSATION.lastMessageMs,
    CONVERSATION.closedMs, CONVERSATION.phone, CONVERSATION.userId, CONVERSATION.username)
  local activity = tonumber(current[1])
  if not activity or order > activity then activity = order end
  redis.call('HSET', conversation, CONVERSATION.contact, contact, CONVERSATION.lastActivityMs, activity)
  local lastInbound = tonumber(current[2])
  if m.inbound and (not lastInbound or at > lastInbound) then
    redis.call('HSET', conversation, CONVERSATION.lastInboundMs, at)
    if text(m.name) ~= '' then redis.call('HSET', conversation, CONVERSATION.name, m.name) end
  end
  takeKeys(conversation, m, { current[5], current[6], current[7] })
  if text(m.movedTo) ~= '' then redis.call('HSET', conversation, CONVERSATION.movedTo, m.movedTo) end
  local closedAt = tonumber(current[4])
  if m.closesWindow and (not closedAt or at > closedAt) then redis.call('HSET', conversation, CONVERSATION.closedMs, at) end
  if messageId ~= '' then
    -- A message takes its thread place, and may become the last message, once: a later status of it moves neither.
    local placed = true
    if retention > 0 then
      placed = redis.call('ZADD', thread, 'NX', order, messageId) == 1
      redis.call('ZREMRANGEBYSCORE', thread, '-inf', '(' .. (now - retention))
      redis.call('PEXPIRE', thread, retention)
    end
    if placed and newerThanLast(conversation, tonumber(current[3]), order, messageId) then redis.call('HSET', conversation, CONVERSATION.lastMessageId, messageId, CONVERSATION.lastMessageMs, order) end
  end
  redis.call('PEXPIRE', conversation, conversationTtl)
  redis.call('ZADD', KEYS[CHANNEL_KEY.conversations], activity, contact)
  changed[#changed + 1] = contact
end
-- The item of a message, echo or edit: its event's JSON from `itemOffset` bytes on, to the event's closing `}}` (serializeEvent
-- in event-log.ts puts it last), so the gateway sends it once; '' for an event without an item.
local function itemOf(m, event)
  if m.itemOffset then return string.sub(event, m.itemOffset + 1, -3) end
  return ''
end
-- `sentAtMs` when it was sent: an echo's own time, a send's acceptance (now); `sentBy` who sent a send.
local function outbound(record, m, origin, status, body)
  local current = redis.call('HMGET', record, RECORD.status, RECORD.threadMs)
  redis.call('HSET', record, RECORD.direction, 'OUTBOUND', RECORD.contact, text(m.recordContact), RECORD.type, text(m.type), RECORD.atMs, now,
    RECORD.status, current[1] or status, RECORD.text, text(m.text), RECORD.threadMs, current[2] or (m.orderMs or now), RECORD.origin, origin,
    RECORD.body, body, RECORD.sentAtMs, m.sentAtMs or now)
  if text(m.sentBy) ~= '' then redis.call('HSET', record, RECORD.sentBy, m.sentBy) end
  redis.call('PEXPIRE', record, retention)
end
local function max(a, b)
  if not a then return b end
  if not b then return a end
  return math.max(a, b)
end
local function merge(from, fromThread, into, intoThread, contact, fromContact)
  local C = CONVERSATION
  local source = redis.call('HMGET', from, C.lastActivityMs, C.lastInboundMs, C.name, C.closedMs, C.lastMessageId, C.lastMessageMs, C.userId, C.username, C.movedTo)
  local la = tonumber(source[1])
  if not la then return false end
  local target = redis.call('HMGET', into, C.lastActivityMs, C.lastInboundMs, C.closedMs, C.lastMessageMs, C.userId, C.username, C.movedTo)
  local activity = max(tonumber(target[1]), la)
  redis.call('HSET', into, C.contact, contact, C.lastActivityMs, activity)
  local li, targetLi = tonumber(source[2]), tonumber(target[2])
  if li and (not targetLi or li > targetLi) then
    redis.call('HSET', into, C.lastInboundMs, li)
    if source[3] then redis.call('HSET', into, C.name, source[3]) end
  end
  local closedAt = max(tonumber(target[3]), tonumber(source[4]))
  if closedAt then redis.call('HSET', into, C.closedMs, closedAt) end
  local lt = tonumber(source[6])
  if lt and source[5] and newerThanLast(into, tonumber(target[4]), lt, source[5]) then redis.call('HSET', into, C.lastMessageId, source[5], C.lastMessageMs, lt) end
  for index, field in ipairs({ C.userId, C.username, C.movedTo }) do
    if not target[4 + index] and source[6 + index] then redis.call('HSET', into, field, source[6 + index]) end
  end
  if retention > 0 and redis.call('EXISTS', fromThread) == 1 then
    redis.call('ZUNIONSTORE', intoThread, 2, intoThread, fromThread, 'AGGREGATE', 'MIN')
    redis.call('PEXPIRE', intoThread, retention)
  end
  redis.call('DEL', from, fromThread)
  redis.call('ZREM', KEYS[CHANNEL_KEY.conversations], fromContact)
  redis.call('ZADD', KEYS[CHANNEL_KEY.conversations], activity, contact)
  redis.call('PEXPIRE', into, conversationTtl)
  return true
end
local function change(record, m, event)
  if redis.call('EXISTS', record) == 0 then return end
  local at = m.atMs or now
  if m.changeKind == 'reaction' then
    local field = RECORD.reactionPrefix .. m.reactionFrom
    local held = redis.call('HGET', record, field)
    if held and cjson.decode(held).at > at then return end
    if text(m.reactionEmoji) == '' then redis.call('HDEL', record, field) else redis.call('HSET', record, field, cjson.encode({ e = m.reactionEmoji, at = at })) end
  elseif m.changeKind == 'edit' then
    -- A deleted message stays deleted: an edit re-delivered after its revoke brings nothing of it back.
    if redis.call('HEXISTS', record, RECORD.revokedAtMs) == 1 then return end
    local previous = redis.call('HGET', record, RECORD.body)
    if previous and previous ~= '' then
      local history = cjson.decode(redis.call('HGET', record, RECORD.history) or '[]')
      history[#history + 1] = previous
      redis.call('HSET', record, RECORD.history, cjson.encode(history))
    end
    redis.call('HSET', record, RECORD.body, itemOf(m, event), RECORD.text, text(m.text), RECORD.editedAtMs, at)
  elseif m.changeKind == 'revoke' then
    -- Deleted for everyone: what it said (body, text, every earlier version) is erased, only the fact and time stay.
    redis.call('HDEL', record, RECORD.body, RECORD.history, RECORD.text)
    redis.call('HSET', record, RECORD.revokedAtMs, at)
  end
  redis.call('PEXPIRE', record, retention)
  local owner = text(redis.call('HGET', record, RECORD.contact))
  if not m.keysOnly and text(m.contact) ~= '' and owner ~= '' and owner ~= m.contact and owner ~= text(m.userId) then changed[#changed + 1] = owner end
end
if ARGV[ARG.fromNotification] == '1' then
  redis.call('SET', KEYS[CHANNEL_KEY.watched], now, 'NX', 'PX', ARGV[ARG.windowMs])
  redis.call('PEXPIRE', KEYS[CHANNEL_KEY.watched], ARGV[ARG.windowMs])
end
local count = (#ARGV - ITEMS_FROM) / 2
-- Item i's fields by readable name (ITEM_NAME), its event's JSON, and its keys by name (ITEM_KEYS).
local function itemFields(i)
  local m = {}
  for key, value in pairs(cjson.decode(ARGV[ITEMS_FROM + (i - 1) * 2 + 1])) do m[ITEM_NAME[key]] = value end
  return m
end
local function itemEvent(i)
  return ARGV[ITEMS_FROM + (i - 1) * 2 + 2]
end
local function itemKeys(i)
  local keys, first = {}, ITEM_KEYS_FROM + (i - 1) * KEYS_PER_ITEM
  for position, name in ipairs(ITEM_KEYS) do keys[name] = KEYS[first + position] end
  return keys
end
local metas, keysOf = {}, {}
-- What each alias holds as the items before have left it (the caller resolved the batch the same way).
local aliases = {}
local function aliasOf(key)
  return aliases[key] or redis.call('GET', key) or ''
end
for i = 1, count do
  local m, keys = itemFields(i), itemKeys(i)
  metas[i], keysOf[i] = m, keys
  if m.resolvedAlias and aliasOf(keys.resolvedAlias) ~= m.resolvedAlias then return { -1 } end
  if m.furtherAlias and aliasOf(keys.furtherAlias) ~= m.furtherAlias then return { -1 } end
  if m.linkedUserId then
    -- Without `linkedAlias` the caller did not read the alias and assumed it names no user id (a user id has a dot).
    local held = aliasOf(keys.linkedAlias)
    if (m.linkedAlias and held ~= m.linkedAlias) or (not m.linkedAlias and string.find(held, '.', 1, true)) then return { -1 } end
    aliases[keys.linkedAlias] = m.contact
    if m.mergedKey then aliases[keys.mergedAlias] = m.contact end
  end
end
local results = {}
local published = {}
for i = 1, count do
  local m, keys, event = metas[i], keysOf[i], itemEvent(i)
  local operation, messageId = m.operation, text(m.messageId)
  local record, conversation, thread = keys.record, keys.conversation, keys.thread
  -- A number change's link of its new user id to the new number (`linked`) follows its notice, and only an appended one.
  local applies = operation ~= 'linked' or type(results[i - 1]) == 'string'
  if m.linkedUserId and applies then
    redis.call('SET', keys.linkedAlias, m.contact, 'PX', conversationTtl)
    if m.mergedKey then redis.call('SET', keys.mergedAlias, m.contact, 'PX', conversationTtl) end
  end
  if operation == 'sent' then
    if retention > 0 then outbound(record, m, 'API', 'accepted', text(m.body)) end
    touch(conversation, thread, m, messageId)
    results[i] = operation
  elseif operation == 'closed' then
    touch(conversation, thread, m, '')
    results[i] = operation
  elseif operation == 'linked' then
    if applies then
      local merged = m.mergedKey and merge(keys.mergedConversation, keys.mergedThread, conversation, thread, m.contact, m.mergedKey)
      touch(conversation, thread, m, '', merged)
    end
    results[i] = operation
  elseif redis.call('SET', keys.dedup, '1', 'NX', 'PX', ARGV[ARG.dedupTtlMs]) then
    local id
    if retention > 0 then
      id = redis.call('XADD', KEYS[CHANNEL_KEY.log], 'MINID', math.max(now - retention, 0), '*', 'e', event)
      if m.changeKind then
        change(record, m, event)
      elseif operation == 'message' then
        redis.call('HSET', record, RECORD.direction, 'INBOUND', RECORD.contact, text(m.recordContact), RECORD.type, text(m.type), RECORD.atMs, now,
          RECORD.status, 'received', RECORD.text, text(m.text), RECORD.threadMs, m.orderMs or now, RECORD.body, itemOf(m, event),
          RECORD.sentAtMs, m.sentAtMs or now)
        if text(m.contactName or m.name) ~= '' then redis.call('HSET', record, RECORD.contactName, m.contactName or m.name) end
        redis.call('PEXPIRE', record, retention)
      elseif operation == 'echo' then
        outbound(record, m, 'BUSINESS_APP', 'sent', itemOf(m, event))
      elseif operation == 'status' then
        local current = redis.call('HGET', record, RECORD.status)
        if not current then
          redis.call('HSET', record, RECORD.direction, 'OUTBOUND', RECORD.contact, text(m.recordContact), RECORD.atMs, now, RECORD.threadMs, m.orderMs or now,
            RECORD.sentAtMs, m.sentAtMs or now)
        end
        redis.call('HSET', record, RECORD.status, nextStatus(current, m.status), RECORD.statusPrefix .. id, event)
        redis.call('PEXPIRE', record, retention)
      end
    else
      id = redis.call('XADD', KEYS[CHANNEL_KEY.log], 'MAXLEN', '0', '*', 'e', '')
    end
    if m.changeKind then messageId = '' end
    local merged = m.mergedKey and merge(keys.mergedConversation, keys.mergedThread, conversation, thread, m.contact, m.mergedKey)
    touch(conversation, thread, m, messageId, merged)
    results[i] = id
    published[#published + 1] = '{"id":"' .. id .. '","e":' .. event .. '}'
  else
    results[i] = 0
  end
end
if #changed > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[CHANNEL_KEY.conversations], '-inf', '(' .. (now - conversationTtl))
  redis.call('PEXPIRE', KEYS[CHANNEL_KEY.conversations], conversationTtl)
end
if #published > 0 or #changed > 0 then
  local keep = math.max(retention, tonumber(ARGV[ARG.sequenceTtlMs]))
  if #published > 0 then redis.call('PEXPIRE', KEYS[CHANNEL_KEY.log], keep) end
  local sequence = redis.call('INCR', KEYS[CHANNEL_KEY.sequence])
  redis.call('PEXPIRE', KEYS[CHANNEL_KEY.sequence], keep)
  local contacts = '[]'
  if #changed > 0 then contacts = cjson.encode(changed) end
  redis.call(PUBLISH_COMMAND, ARGV[ARG.feedChannel], '{"q":' .. sequence .. ',"e":[' .. table.concat(published, ',') .. '],"c":' .. contacts .. '}')
end
return results
