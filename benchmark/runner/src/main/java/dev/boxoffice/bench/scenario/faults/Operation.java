package dev.boxoffice.bench.scenario.faults;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One operation a client made, as the checker reads it: its kind, the seats it names (a confirm or a release, its
 * hold's), the hold it places or settles (the id of the operation that placed it), its call and return in nanoseconds
 * since the history began, and its outcome: ok, refused (nothing done, as the domain decided), failed (refused before
 * anything was done: overload), or unknown (it may or may not have taken effect). On a waiting room's line: a poll
 * names the join that got its ticket ({@code ticket}); a write carrying an admission names the poll that gave it.
 */
record Operation(String id, int client, String show, String kind, List<Integer> seats, String hold, long call,
        long returned, String outcome, String seen, int status, String ticket, String admission) {

    /** The same, without the answer's body that {@code seen} carried for the client to read (a hold's id). */
    Operation withoutBody() {
        return new Operation(id, client, show, kind, seats, hold, call, returned, outcome, null, status, ticket, admission);
    }

    /** The same, seen as {@code what}. */
    Operation seeing(String what) {
        return new Operation(id, client, show, kind, seats, hold, call, returned, outcome, what, status, ticket, admission);
    }

    boolean answered() {
        return outcome.equals("ok") || outcome.equals("refused");
    }

    Map<String, Object> line() {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("type", "op");
        line.put("id", id);
        line.put("client", client);
        line.put("show", show);
        line.put("kind", kind);
        line.put("seats", seats);
        if (hold != null) {
            line.put("hold", hold);
        }
        line.put("call", call);
        line.put("return", returned);
        line.put("outcome", outcome);
        if (seen != null) {
            line.put("seen", seen);
        }
        line.put("status", status);
        if (ticket != null) {
            line.put("ticket", ticket);
        }
        if (admission != null) {
            line.put("admission", admission);
        }
        return line;
    }
}
