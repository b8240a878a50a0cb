package dev.boxoffice.bench.scenario.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checker's verdicts as the run reads them, and the run's totals over its histories. */
class FaultsResultTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aVerdictReadsEveryFieldTheCheckerWrites() throws Exception {
        Checker.Verdict verdict = verdict("""
                {"operations": 1200, "unknown": 7, "failed": 30, "tickets": 40, "linearizable": "no",
                 "nonLinearizableShows": ["show-1"], "lostWrites": ["op 12", "op 13"], "refusedButWritten": ["op 40"],
                 "seatsTwice": ["A-1"], "logAnomalies": ["gap at 5"], "listingWrong": ["show-2"], "ticketsLost": ["t-3"],
                 "admittedOutOfOrder": ["t-5", "t-6"], "admittedBuyersRefused": ["t-9"], "visualization": "v.html"}""");
        assertThat(verdict.operations()).isEqualTo(1200);
        assertThat(verdict.unknown()).isEqualTo(7);
        assertThat(verdict.failed()).isEqualTo(30);
        assertThat(verdict.tickets()).isEqualTo(40);
        assertThat(verdict.linearizable()).isEqualTo("no");
        assertThat(verdict.lostWrites()).containsExactly("op 12", "op 13");
        assertThat(verdict.visualization()).isEqualTo("v.html");
        assertThat(verdict.lineWrong()).isEqualTo(4);
        assertThat(verdict.anomalies()).isEqualTo(1 + 2 + 1 + 1 + 1 + 1 + 4);
        assertThat(verdict.clean()).isFalse();
    }

    @Test
    void aHistoryIsCleanOnlyWhenLinearizableWithoutAnyAnomaly() throws Exception {
        assertThat(verdict("{\"operations\": 10, \"linearizable\": \"yes\"}").clean()).isTrue();
        assertThat(verdict("{\"operations\": 10, \"linearizable\": \"undecided\"}").clean()).isFalse();
        assertThat(verdict("{\"operations\": 10, \"linearizable\": \"yes\", \"ticketsLost\": [\"t-1\"]}").clean()).isFalse();
        assertThat(verdict("{\"operations\": 10, \"linearizable\": \"yes\", \"seatsTwice\": [\"A-1\"]}").anomalies()).isEqualTo(1);
    }

    @Test
    void theRunsTotalsAddUpOverItsHistories() throws Exception {
        FaultsResult result = new FaultsResult("3 nodes", 20, 4, 50, List.of(
                history("kill", verdict("{\"operations\": 100, \"unknown\": 3, \"linearizable\": \"yes\"}")),
                history("pause", verdict("{\"operations\": 250, \"unknown\": 0, \"linearizable\": \"yes\", \"lostWrites\": [\"op 1\"]}")),
                history("partition", verdict("{\"operations\": 50, \"unknown\": 5, \"linearizable\": \"no\"}"))));
        assertThat(result.operations()).isEqualTo(400);
        assertThat(result.unknown()).isEqualTo(8);
        assertThat(result.withAnomalies()).isEqualTo(2);
    }

    private static FaultsResult.HistoryResult history(String kind, Checker.Verdict verdict) {
        return new FaultsResult.HistoryResult(kind, kind + ".jsonl", 10, List.of(), verdict, List.of());
    }

    private static Checker.Verdict verdict(String json) throws Exception {
        return Checker.Verdict.of(JSON.readTree(json));
    }
}
