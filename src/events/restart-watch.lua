-- KEYS[1] the channel's watch mark, ARGV[1] window ms: the mark set to the server's time now (the append script's clock).
local time = redis.call('TIME')
redis.call('SET', KEYS[1], tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000), 'PX', ARGV[1])
return 1
