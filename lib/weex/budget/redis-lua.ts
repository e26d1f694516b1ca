/**
 * The Lua scripts of the Redis budget store. Per budget key there are two
 * sorted sets of reservation members "<id>:<claim index>:<weight>":
 *   log  settled reservations, scored by when they stop counting (finish + window)
 *   fly  in-flight reservations, scored by a lease (see RedisBudgetStore)
 * An entry counts while its score is later than `now`, exactly as the memory
 * store's `expiresAt > now`. Times are the callers' clocks (ARGV), never Redis TIME.
 */

/** Weight of a member: its last ":"-separated field. */
const WEIGHT_OF = `local function weightOf(m) return tonumber(string.match(m, ':([^:]+)$')) end`;

/**
 * KEYS: log1, fly1, log2, fly2, ...   ARGV: now, id, lease, gcSlack, poll, weight1, limit1, weight2, limit2, ...
 * Returns {1} when every claim was reserved, else {0, retryAt} and nothing was written.
 */
export const RESERVE_LUA = `
${WEIGHT_OF}
local now, id = tonumber(ARGV[1]), ARGV[2]
local lease, slack, poll = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local n = #KEYS / 2
local retryAt = 0
for i = 1, n do
  local log, fly = KEYS[2 * i - 1], KEYS[2 * i]
  local weight, limit = tonumber(ARGV[4 + 2 * i]), tonumber(ARGV[5 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', log, '-inf', now)
  redis.call('ZREMRANGEBYSCORE', fly, '-inf', now)
  local settled = redis.call('ZRANGE', log, 0, -1, 'WITHSCORES')
  local flying = redis.call('ZRANGE', fly, 0, -1)
  local used = 0
  for j = 1, #settled, 2 do used = used + weightOf(settled[j]) end
  for j = 1, #flying do used = used + weightOf(flying[j]) end
  if used + weight > limit then
    -- Earliest time enough settled weight has expired; in-flight weight ends at an unknown time: poll.
    local excess, at = used + weight - limit, now + poll
    for j = 1, #settled, 2 do
      excess = excess - weightOf(settled[j])
      if excess <= 0 then at = tonumber(settled[j + 1]); break end
    end
    if at > retryAt then retryAt = at end
  end
end
if retryAt > 0 then return {0, string.format('%.17g', retryAt)} end
for i = 1, n do
  local fly = KEYS[2 * i]
  redis.call('ZADD', fly, now + lease, id .. ':' .. i .. ':' .. ARGV[4 + 2 * i])
  redis.call('PEXPIRE', fly, math.ceil(lease + slack))
end
return {1}
`;

/**
 * KEYS: log1, fly1, ...   ARGV: now, expiresAt, gcSlack, member1, member2, ...
 * Moves each member from in flight to settled until `expiresAt` (also when its
 * lease already ran out: counting it again is the safe side).
 */
export const SETTLE_LUA = `
local now, expiresAt, slack = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
for i = 1, #KEYS / 2 do
  local log, fly, member = KEYS[2 * i - 1], KEYS[2 * i], ARGV[3 + i]
  redis.call('ZREM', fly, member)
  if expiresAt > now then
    redis.call('ZADD', log, expiresAt, member)
    -- The set lives as long as its latest entry (whoever wrote it), plus slack for clock skew.
    local last = redis.call('ZRANGE', log, -1, -1, 'WITHSCORES')
    redis.call('PEXPIRE', log, math.max(1, math.ceil(tonumber(last[2]) - now + slack)))
  end
end
return 1
`;

/** KEYS: pause keys   ARGV: until, ttl (ms). Keeps the latest pause of each key. */
export const PAUSE_LUA = `
local untilAt, ttl = tonumber(ARGV[1]), tonumber(ARGV[2])
for i = 1, #KEYS do
  local current = tonumber(redis.call('GET', KEYS[i]) or '0')
  if untilAt > current then redis.call('SET', KEYS[i], string.format('%.17g', untilAt), 'PX', ttl) end
end
return 1
`;

/** KEYS: log, fly   ARGV: now. Weight counted at `now`, settled and in flight. */
export const USED_LUA = `
${WEIGHT_OF}
local now, used = tonumber(ARGV[1]), 0
for _, key in ipairs(KEYS) do
  for _, m in ipairs(redis.call('ZRANGEBYSCORE', key, '(' .. string.format('%.17g', now), '+inf')) do
    used = used + weightOf(m)
  end
end
return string.format('%.17g', used)
`;
