-- Serial reservations for wrk: each request reserves the next seat of one of the shows named in $SHOWS (comma
-- separated), round robin from seat $FIRST_SEAT (default 0) on, so that with at least as many shows as connections
-- each show has about one request in flight.
-- With $TOKENS, a file of lines "show token" (admitted buyers, benchmark/wrk/admit.lua), each seat is reserved by a
-- buyer of its own: the show's n-th token reserves its seat n - 1.
-- wrk prints the answers other than 2xx or 3xx ("Non-2xx or 3xx responses"): a 409 means the shows ran out of seats,
-- a 403 that they ran out of admitted buyers.
local shows = {}
local tokens = nil
local sent = 0
local firstSeat = 0

init = function(args)
  for id in string.gmatch(os.getenv("SHOWS") or "", "[^,]+") do
    table.insert(shows, id)
  end
  if #shows == 0 then
    error("set SHOWS to the ids of the shows to reserve seats of")
  end
  firstSeat = tonumber(os.getenv("FIRST_SEAT") or "0")
  if os.getenv("TOKENS") then
    tokens = {}
    for line in io.lines(os.getenv("TOKENS")) do
      local show, token = string.match(line, "^(%S+) (%S+)$")
      tokens[show] = tokens[show] or {}
      table.insert(tokens[show], token)
    end
  end
end

request = function()
  local show = shows[(sent % #shows) + 1]
  local seat = firstSeat + math.floor(sent / #shows)
  sent = sent + 1
  local headers = { ["Content-Type"] = "application/json" }
  if tokens then
    headers["Admission-Token"] = (tokens[show] or {})[seat + 1]
  end
  return wrk.format("PATCH", "/shows/" .. show .. "/seats/" .. seat, headers, '{"action":"RESERVE"}')
end
