-- The tickets in the file $TICKETS (lines "show ticket", their places called) admitted in batches of 64 per show (the
-- most a request may name), as a line service gathers them: each admission token goes to the file $OUT as a line
-- "show token". Once every batch is answered, the thread stops; wrk runs on idle until its duration ends or it is
-- ended.
local requests, sent, answered, out = {}, 0, 0, nil

init = function(args)
  local batch, byShow = 64, {}
  for line in io.lines(os.getenv("TICKETS")) do
    local show, ticket = string.match(line, "^(%S+) (%S+)$")
    byShow[show] = byShow[show] or {}
    table.insert(byShow[show], '"' .. ticket .. '"')
  end
  for show, tickets in pairs(byShow) do
    for first = 1, #tickets, batch do
      local body = '{"tickets":[' .. table.concat(tickets, ",", first, math.min(first + batch - 1, #tickets)) .. ']}'
      table.insert(requests, wrk.format("POST", "/shows/" .. show .. "/queue/admissions",
        { ["Content-Type"] = "application/json" }, body))
    end
  end
  out = assert(io.open(os.getenv("OUT"), "w"))
end

request = function()
  sent = sent + 1
  return requests[sent] or wrk.format("GET", "/q/health/live") -- once every batch is sent, slowly: see delay
end

delay = function()
  return sent < #requests and 0 or 100
end

response = function(status, headers, body)
  local show = string.match(body, '"room":{"showId":"([^"]+)"')
  if status == 200 and show then
    for token in string.gmatch(body, '"admissionToken":"([^"]+)"') do out:write(show, " ", token, "\n") end
    out:flush() -- the file is read while wrk runs, and wrk is ended by a signal
    answered = answered + 1
  end
  if answered >= #requests then
    out:flush()
    wrk.thread:stop()
  end
end
