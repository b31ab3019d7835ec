-- KEYS[1] the channel's watch mark, ARGV[1] window ms, ARGV[2] ms from now: the mark set to the server's time
-- now (the append script's clock) plus ARGV[2], kept for a window after that.
local time = redis.call('TIME')
local from = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) + tonumber(ARGV[2])
redis.call('SET', KEYS[1], from, 'PX', tonumber(ARGV[1]) + tonumber(ARGV[2]))
return 1
