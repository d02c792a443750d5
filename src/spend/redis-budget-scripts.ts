/**
 * The Lua scripts of the Redis budget store. Each runs atomically on the server, so a check of
 * the limit and the reservation that follows it are one step for every process of a fleet.
 *
 * A budget is three keys sharing one hash tag (one slot, so a cluster runs each script on one
 * node): `…:totals`, a hash with `reserved` and `settled` (micros) and each reservation's amount
 * under `r:<id>`; `…:held`, the reservations that count, scored by when their TTL runs out;
 * `…:lapsed`, those whose TTL ran out, scored by when they are forgotten. Time is the server's
 * (`TIME`), so the processes' clocks need not agree.
 *
 * The totals hash also holds the budget's `epoch`, a random mark written when the budget is first
 * used (or set again). Every script takes how its process uses budgets (`create` or `join`) as its
 * third-to-last argument, the epoch its process knows as its second-to-last and a fresh one as its
 * last: a process that joins never makes a budget, so one started after the state was lost finds
 * none and the script answers `{ 'missing' }`; a budget whose mark is gone although the process knew one
 * lost its state (Redis restarted empty, the keys were evicted or deleted), and the script answers
 * `{ 'reset' }` and changes nothing, rather than start again from zero spent. Marks made by a
 * first use begin `new:`; those of a budget set again (`setAgain`) begin `set:`, and only these
 * replace a mark a process knew.
 * @module
 */
import { RedisScript } from '../http/rate-limit/redis-script.js';

/**
 * What every script does first: lapse the reservations whose TTL ran out (they stop counting) and
 * forget those lapsed longer than ARGV[1] ms. At most 1000 of each per call keeps a script short;
 * any left over still count, which errs on the side of the limit, and go at the next call.
 */
const PRELUDE = `
if redis.replicate_commands then redis.replicate_commands() end
local known_epoch = ARGV[#ARGV - 1]
local epoch = redis.call('HGET', KEYS[1], 'epoch')
if not epoch then
  if known_epoch ~= '' then return { 'reset' } end
  -- A process that joins a budget never makes one: a budget missing is one lost (or never set up).
  if ARGV[#ARGV - 2] == 'join' then return { 'missing' } end
  epoch = ARGV[#ARGV]
  redis.call('HSET', KEYS[1], 'epoch', epoch)
elseif known_epoch ~= '' and epoch ~= known_epoch and string.sub(epoch, 1, 4) ~= 'set:' then
  -- Made anew by a process that never knew the budget, after the state was lost: not set again.
  return { 'reset' }
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local keep = tonumber(ARGV[1])
local function whole(number) return string.format('%d', number) end
local forgotten = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now, 'LIMIT', 0, 1000)
for _, id in ipairs(forgotten) do
  redis.call('HDEL', KEYS[1], 'r:' .. id)
  redis.call('ZREM', KEYS[3], id)
end
local ran_out = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'WITHSCORES', 'LIMIT', 0, 1000)
for index = 1, #ran_out, 2 do
  local id = ran_out[index]
  local amount = tonumber(redis.call('HGET', KEYS[1], 'r:' .. id) or '0')
  redis.call('HINCRBY', KEYS[1], 'reserved', whole(-amount))
  redis.call('ZREM', KEYS[2], id)
  redis.call('ZADD', KEYS[3], whole(tonumber(ran_out[index + 1]) + keep), id)
end
local stored = redis.call('HMGET', KEYS[1], 'reserved', 'settled')
local reserved = tonumber(stored[1] or '0')
local settled = tonumber(stored[2] or '0')
`;

/**
 * ARGV: keep, id, amount, limit, ttl. Reserves `amount` if reserved + settled + amount stays
 * within `limit`; an id already held is granted again without counting twice.
 * Returns { granted (1 or 0), reserved, settled }.
 */
export const RESERVE = new RedisScript(`${PRELUDE}
local id = ARGV[2]
local amount = tonumber(ARGV[3])
if redis.call('ZSCORE', KEYS[2], id) then return { 1, reserved, settled, epoch } end
if reserved + settled + amount > tonumber(ARGV[4]) then return { 0, reserved, settled, epoch } end
redis.call('ZREM', KEYS[3], id)
redis.call('HSET', KEYS[1], 'r:' .. id, whole(amount))
redis.call('HINCRBY', KEYS[1], 'reserved', whole(amount))
redis.call('ZADD', KEYS[2], whole(now + tonumber(ARGV[5])), id)
return { 1, reserved + amount, settled, epoch }
`);

/**
 * ARGV: keep, id, charged. Ends a reservation, held or lapsed, adding `charged` to what was
 * settled (0 to release it); an id the budget does not hold changes nothing.
 * Returns { reserved, settled }.
 */
export const END = new RedisScript(`${PRELUDE}
local field = 'r:' .. ARGV[2]
local amount = redis.call('HGET', KEYS[1], field)
if amount then
  if redis.call('ZREM', KEYS[2], ARGV[2]) == 1 then
    redis.call('HINCRBY', KEYS[1], 'reserved', whole(-tonumber(amount)))
    reserved = reserved - tonumber(amount)
  end
  redis.call('ZREM', KEYS[3], ARGV[2])
  redis.call('HDEL', KEYS[1], field)
  local charged = tonumber(ARGV[3])
  if charged > 0 then
    redis.call('HINCRBY', KEYS[1], 'settled', whole(charged))
    settled = settled + charged
  end
end
return { reserved, settled, epoch }
`);

/** ARGV: keep. Returns { reserved, settled } after lapsing what ran out. */
export const READ = new RedisScript(`${PRELUDE}
return { reserved, settled, epoch }
`);

/**
 * ARGV: settled, fresh epoch. Sets a budget again after its state was lost: what was settled
 * (as the ledger says), no reservation, and a new epoch that every process adopts.
 */
export const SET_AGAIN = new RedisScript(`
if redis.replicate_commands then redis.replicate_commands() end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
redis.call('HSET', KEYS[1], 'reserved', '0', 'settled', ARGV[1], 'epoch', ARGV[2])
return 1
`);
