-- Reads of whole shows for wrk: each request reads one of the shows named in $SHOWS (comma separated), round robin.
local shows = {}
local sent = 0

init = function(args)
  for id in string.gmatch(os.getenv("SHOWS") or "", "[^,]+") do
    table.insert(shows, id)
  end
  if #shows == 0 then
    error("set SHOWS to the ids of the shows to read")
  end
end

request = function()
  local show = shows[(sent % #shows) + 1]
  sent = sent + 1
  return wrk.format("GET", "/shows/" .. show)
end
