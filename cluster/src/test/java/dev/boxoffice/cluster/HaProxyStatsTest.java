package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The edge's counters read from HAProxy's statistics CSV (columns as HAProxy 2.6 writes them, a few kept). */
class HaProxyStatsTest {

    private static final String CSV = """
            # pxname,svname,qcur,qmax,scur,dreq,status,hrsp_1xx,hrsp_2xx,hrsp_3xx,hrsp_4xx,hrsp_5xx,req_tot,
            boxoffice,FRONTEND,,,3,11,OPEN,0,900,0,40,70,1010,
            nodes,node1,0,12,64,,UP,0,500,0,20,4,,
            nodes,node2,0,30,64,,UP,0,400,0,9,6,,
            nodes,BACKEND,0,30,128,0,UP,0,900,0,29,10,,
            line,node1,0,45,16,,UP,0,30,0,0,1,,
            line,BACKEND,0,45,16,0,UP,0,30,0,0,1,,
            streams,node1,0,0,3,,UP,0,2,0,0,0,,
            streams,BACKEND,0,0,3,0,UP,0,2,0,0,0,,
            clients,BACKEND,0,0,0,0,UP,0,0,0,0,0,,
            stats,FRONTEND,,,1,0,OPEN,0,0,0,0,0,1,
            """;

    @Test
    void tellsTheEdgesRefusalsFromTheNodesAnswers() {
        HaProxyStats stats = HaProxyStats.parse(CSV);

        assertThat(stats.requests()).isEqualTo(1010);
        assertThat(stats.nodes503()).isEqualTo(11); // by the servers of every backend: nodes, line, streams
        assertThat(stats.refusedByEdge()).isEqualTo(59); // the front end's 5xx less the nodes' own
        assertThat(stats.rateLimited()).isEqualTo(11);
        assertThat(stats.fromNodes()).isEqualTo(972);
        assertThat(stats.lineFallbacks()).as("the line's answers by a node: no line service in this edge").isEqualTo(31);
        assertThat(stats.maxQueued()).isEqualTo(45);
    }

    @Test
    void aLineServicesAnswersAreCountedApartFromTheNodes() {
        HaProxyStats stats = HaProxyStats.parse("""
                # pxname,svname,qcur,qmax,scur,dreq,status,hrsp_1xx,hrsp_2xx,hrsp_3xx,hrsp_4xx,hrsp_5xx,req_tot,
                boxoffice,FRONTEND,,,3,0,OPEN,0,125,0,0,5,130,
                nodes,node1,0,2,64,,UP,0,40,0,0,0,,
                line,line1,0,0,9,,UP,0,85,0,0,3,,
                line,node1,0,0,0,,UP,0,7,0,0,0,,
                nodes_for_lines,FRONTEND,,,1,0,OPEN,0,12,0,0,0,12,
                nodes_for_lines,node1,0,0,1,,UP,0,12,0,0,0,,
                """);

        assertThat(stats.fromNodes()).as("with the line service's own requests to them, and its fallback").isEqualTo(59);
        assertThat(stats.lineFallbacks()).as("answered by the node while the line service failed its checks").isEqualTo(7);
        assertThat(stats.fromLines()).isEqualTo(88);
        assertThat(stats.nodes503()).isZero();
        assertThat(stats.refusedByEdge()).as("the front end's 5xx less the line service's").isEqualTo(2);
    }

    @Test
    void aPhaseIsTheDifferenceOfTwoReadings() {
        HaProxyStats earlier = new HaProxyStats(10, 1, 0, 9, 0, 5, 0, 0);
        HaProxyStats later = new HaProxyStats(110, 21, 3, 86, 2, 40, 0, 0);

        assertThat(later.minus(earlier)).isEqualTo(new HaProxyStats(100, 20, 3, 77, 2, 40, 0, 0));
    }

    @Test
    void somethingElseThanTheStatisticsIsRefused() {
        assertThatThrownBy(() -> HaProxyStats.parse("<html>")).hasMessageContaining("not HAProxy's statistics");
    }
}
