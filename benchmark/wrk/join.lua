-- Buyers joining the waiting rooms of the shows in $SHOWS (comma separated), round robin, until $JOINS have a
-- ticket: each goes to the file $OUT as a line "show ticket". Then the thread stops; wrk runs on idle until its
-- duration ends or it is ended.
local shows, sent, joined, wanted, out = {}, 0, 0, 0, nil

init = function(args)
  for id in string.gmatch(os.getenv("SHOWS") or "", "[^,]+") do table.insert(shows, id) end
  wanted = tonumber(os.getenv("JOINS") or "0")
  if #shows == 0 or wanted < 1 then error("set SHOWS and JOINS") end
  out = assert(io.open(os.getenv("OUT"), "w"))
end

request = function()
  local show = shows[(sent % #shows) + 1]
  sent = sent + 1
  return wrk.format("POST", "/shows/" .. show .. "/queue")
end

response = function(status, headers, body)
  local show = string.match(headers["Location"] or "", "^/shows/([^/]+)/queue/")
  local ticket = string.match(body, '"ticket":"([^"]+)"')
  if status == 201 and show and ticket then
    out:write(show, " ", ticket, "\n")
    joined = joined + 1
    if joined % 256 == 0 then out:flush() end -- the file is read while wrk runs, and wrk is ended by a signal
  end
  if joined >= wanted then
    out:flush()
    wrk.thread:stop()
  end
end
