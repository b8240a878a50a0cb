-- Serial reservations for wrk: each request reserves the next seat of one of the shows named in $SHOWS (comma
-- separated), round robin from seat $FIRST_SEAT (default 0) on, so that with at least as many shows as connections
-- each show has about one request in flight.
-- wrk prints the answers other than 2xx or 3xx ("Non-2xx or 3xx responses"): a 409 means the shows ran out of seats.
local shows = {}
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
end

request = function()
  local show = shows[(sent % #shows) + 1]
  local seat = firstSeat + math.floor(sent / #shows)
  sent = sent + 1
  return wrk.format("PATCH", "/shows/" .. show .. "/seats/" .. seat,
    { ["Content-Type"] = "application/json" }, '{"action":"RESERVE"}')
end
