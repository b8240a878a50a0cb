package dev.boxoffice.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Charts as inline SVG: each point where its values put it, each point's values in its tooltip. */
class ChartTest {

    @Test
    void aLineChartsPointsCarryTheirValuesAndSkipWhatWasNotMeasured() {
        String svg = Chart.line("Latency", "req/s", "ms", List.of(new Chart.Series("p99",
                List.of(new double[] {1000, 5}, new double[] {2000, Double.NaN}, new double[] {3000, 50}))), false, 40, "SLO 40 ms");

        assertThat(svg).startsWith("<svg").contains("Latency", "p99", "SLO 40 ms", "p99: 1000, 5", "p99: 3000, 50")
                .doesNotContain("NaN");
        List<Double> ys = pathYs(svg);
        assertThat(ys).hasSize(2);
        assertThat(ys.get(0)).as("a lower value stands lower: a larger y").isGreaterThan(ys.get(1));
    }

    @Test
    void aLogScaleDropsValuesOfZeroOrLessAndNothingToDrawIsNoChart() {
        String svg = Chart.line("Latency", "s", "ms (log scale)", List.of(new Chart.Series("p50",
                List.of(new double[] {1, 0}, new double[] {2, 1}, new double[] {3, 100}))), true, Double.NaN, "");
        assertThat(pathYs(svg)).hasSize(2);
        assertThat(Chart.line("x", "x", "y", List.of(new Chart.Series("none", List.of(new double[] {Double.NaN, 1}))), false,
                Double.NaN, "")).isEmpty();
        assertThat(Chart.bars("x", "y", List.of(), List.of(), false)).isEmpty();
    }

    @Test
    void barsPileUpWhenStackedAndStandSideBySideOtherwise() {
        List<Chart.Series> series = List.of(new Chart.Series("service", List.of(new double[] {0, 30}, new double[] {1, 60})),
                new Chart.Series("PostgreSQL", List.of(new double[] {0, 20}, new double[] {1, 40})));

        String stacked = Chart.bars("CPU", "%", List.of("1,000", "2,000"), series, true);
        String apart = Chart.bars("CPU", "%", List.of("1,000", "2,000"), series, false);

        assertThat(stacked).contains("<svg", "1,000", "2,000", "service", "PostgreSQL");
        assertThat(apart).isNotEqualTo(stacked);
        assertThat(count(stacked, "<rect")).isEqualTo(count(apart, "<rect"));
    }

    private static List<Double> pathYs(String svg) {
        Matcher path = Pattern.compile(" d=\"(M[^\"]+)\"").matcher(svg);
        assertThat(path.find()).isTrue();
        Matcher point = Pattern.compile("[ML]([0-9.]+) ([0-9.]+)").matcher(path.group(1));
        List<Double> ys = new java.util.ArrayList<>();
        while (point.find()) {
            ys.add(Double.parseDouble(point.group(2)));
        }
        return ys;
    }

    private static long count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1L;
    }
}
