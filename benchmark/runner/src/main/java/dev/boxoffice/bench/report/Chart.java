package dev.boxoffice.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Inline SVG charts for report.html (no script, no network: readable when the file is opened offline). This class
 * places the data on the canvas; the template {@code chart.svg} draws it.
 */
public final class Chart {

    static final String[] COLORS = {"#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2"};
    static final int WIDTH = 560;
    static final int HEIGHT = 300;
    static final int LEFT = 64;
    static final int RIGHT = 16;
    static final int TOP = 34;
    static final int BOTTOM = 58;

    /** A named line of (x, y) points; NaN points are skipped. */
    public record Series(String name, List<double[]> points) {
    }

    /** The canvas's fixed measures, as the template needs them. */
    public record Layout(int width, int height, int left, int right, int top, int axisY, int tickLabelX, int tickLabelY,
            int xLabelX, int xLabelY, int yLabelMiddle, int guideLabelX, int keyY, int keyTextY) {
    }

    private static final Layout LAYOUT = new Layout(WIDTH, HEIGHT, LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM, LEFT - 6,
            HEIGHT - BOTTOM + 16, (LEFT + WIDTH - RIGHT) / 2, HEIGHT - BOTTOM + 34, (TOP + HEIGHT - BOTTOM) / 2,
            WIDTH - RIGHT - 4, HEIGHT - 14, HEIGHT - 5);

    /** What the template draws: positions in pixels, already formatted. */
    public record Plot(String title, String xLabel, String yLabel, List<Tick> yTicks, List<Tick> xTicks, Tick guide,
            List<Line> lines, List<Bar> bars, List<Tick> categories, List<Key> keys) {
    }

    /** A position on an axis in pixels, its label, and where a label above or beside it goes. */
    public record Tick(String at, String label, String before, String after) {
        Tick(double at, String label) {
            this(px(at), label, px(at - 4), px(at + 4));
        }
    }

    public record Point(String x, String y, String tip) {
    }

    public record Line(String color, String path, List<Point> points) {
    }

    public record Bar(String x, String y, String width, String height, String color, String tip) {
    }

    public record Key(String x, String textX, String color, String name) {
    }

    private Chart() {
    }

    public static String line(String title, String xLabel, String yLabel, List<Series> series, boolean logY, double guide,
            String guideLabel) {
        List<double[]> all = new ArrayList<>();
        series.forEach(s -> s.points().stream().filter(p -> !Double.isNaN(p[0]) && !Double.isNaN(p[1])).forEach(all::add));
        if (all.isEmpty()) {
            return "";
        }
        double xMin = all.stream().mapToDouble(p -> p[0]).min().orElse(0);
        double xMax = all.stream().mapToDouble(p -> p[0]).max().orElse(1);
        if (xMax == xMin) {
            xMin = xMin - 1;
            xMax = xMax + 1;
        }
        double yMax = Math.max(all.stream().mapToDouble(p -> p[1]).max().orElse(1), Double.isNaN(guide) ? 0 : guide);
        double yMin = logY ? Math.max(0.01, all.stream().mapToDouble(p -> p[1]).filter(v -> v > 0).min().orElse(0.1)) : 0;
        Axis x = Axis.linear(xMin, xMax, true);
        Axis y = logY ? Axis.log(yMin, yMax) : Axis.linear(0, yMax, false);
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            StringBuilder path = new StringBuilder();
            List<Point> points = new ArrayList<>();
            for (double[] p : series.get(i).points()) {
                if (Double.isNaN(p[0]) || Double.isNaN(p[1]) || (logY && p[1] <= 0)) {
                    continue;
                }
                String px = px(x.toPixel(p[0]));
                String py = px(y.toPixel(p[1]));
                path.append(path.isEmpty() ? "M" : "L").append(px).append(' ').append(py).append(' ');
                points.add(new Point(px, py, series.get(i).name() + ": " + Axis.label(p[0]) + ", " + Axis.label(p[1])));
            }
            lines.add(new Line(color(i), path.toString(), points));
        }
        Tick guideLine = Double.isNaN(guide) ? null : new Tick(y.toPixel(guide), guideLabel);
        return draw(new Plot(title, xLabel, yLabel, y.ticks(), x.ticks(), guideLine, lines, List.of(), List.of(), keys(series)));
    }

    /** Bars per category; {@code stacked} piles the series, otherwise they stand side by side. */
    public static String bars(String title, String yLabel, List<String> categories, List<Series> series, boolean stacked) {
        if (categories.isEmpty()) {
            return "";
        }
        double yMax = 0;
        for (int c = 0; c < categories.size(); c++) {
            double sum = 0;
            for (Series s : series) {
                sum = stacked ? sum + value(s, c) : Math.max(sum, value(s, c));
            }
            yMax = Math.max(yMax, sum);
        }
        Axis y = Axis.linear(0, yMax > 0 ? yMax : 1, false);
        double band = (WIDTH - LEFT - RIGHT) / (double) categories.size();
        double barWidth = stacked ? band * 0.6 : band * 0.8 / series.size();
        List<Bar> bars = new ArrayList<>();
        List<Tick> labels = new ArrayList<>();
        for (int c = 0; c < categories.size(); c++) {
            double x0 = LEFT + c * band + (band - (stacked ? barWidth : barWidth * series.size())) / 2;
            double base = 0;
            for (int s = 0; s < series.size(); s++) {
                double v = value(series.get(s), c);
                double top = y.toPixel(base + v);
                bars.add(new Bar(px(stacked ? x0 : x0 + s * barWidth), px(top), px(barWidth - 1),
                        px(Math.max(0, y.toPixel(base) - top)), color(s),
                        categories.get(c) + ", " + series.get(s).name() + ": " + Axis.label(v)));
                base += stacked ? v : 0;
            }
            labels.add(new Tick(LEFT + c * band + band / 2, categories.get(c)));
        }
        return draw(new Plot(title, "", yLabel, y.ticks(), List.of(), null, List.of(), bars, labels, keys(series)));
    }

    private static String draw(Plot plot) {
        return Templates.render("chart.svg", Map.of("c", plot, "l", LAYOUT)).strip();
    }

    private static List<Key> keys(List<Series> series) {
        List<Key> keys = new ArrayList<>();
        double x = LEFT;
        for (int i = 0; i < series.size(); i++) {
            keys.add(new Key(px(x), px(x + 14), color(i), series.get(i).name()));
            x += 24 + 7 * series.get(i).name().length();
        }
        return keys;
    }

    private static double value(Series series, int index) {
        double v = index < series.points().size() ? series.points().get(index)[1] : 0;
        return Double.isNaN(v) ? 0 : v;
    }

    private static String color(int index) {
        return COLORS[index % COLORS.length];
    }

    static String px(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    /** Maps data values to pixels, with round tick values. */
    private record Axis(double min, double max, boolean log, boolean horizontal, List<Double> values) {

        static Axis linear(double min, double max, boolean horizontal) {
            double step = niceStep((max - min) / 5);
            double first = Math.floor(min / step) * step;
            double last = Math.ceil(max / step) * step;
            List<Double> ticks = new ArrayList<>();
            for (double t = first; t <= last + step / 2; t += step) {
                ticks.add(t);
            }
            return new Axis(first, last, false, horizontal, ticks);
        }

        static Axis log(double min, double max) {
            double low = Math.pow(10, Math.floor(Math.log10(min)));
            double high = Math.pow(10, Math.ceil(Math.log10(max)));
            List<Double> ticks = new ArrayList<>();
            for (double t = low; t <= high * 1.0001; t *= 10) {
                ticks.add(t);
            }
            return new Axis(low, high, true, false, ticks);
        }

        List<Tick> ticks() {
            return values.stream().map(v -> new Tick(toPixel(v), label(v))).toList();
        }

        double toPixel(double value) {
            double fraction = log ? (Math.log10(value) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))
                    : (value - min) / (max - min);
            return values.isEmpty() ? 0 : horizontal ? LEFT + fraction * (WIDTH - LEFT - RIGHT)
                    : HEIGHT - BOTTOM - fraction * (HEIGHT - BOTTOM - TOP);
        }

        static double niceStep(double rough) {
            if (rough <= 0) {
                return 1;
            }
            double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
            double residual = rough / magnitude;
            return (residual > 5 ? 10 : residual > 2 ? 5 : residual > 1 ? 2 : 1) * magnitude;
        }

        static String label(double value) {
            double abs = Math.abs(value);
            if (abs >= 10000) {
                return String.format(Locale.ROOT, "%.0fk", value / 1000);
            }
            if (abs >= 100 || value == Math.rint(value)) {
                return String.format(Locale.ROOT, "%.0f", value);
            }
            return abs >= 1 ? String.format(Locale.ROOT, "%.1f", value) : String.format(Locale.ROOT, "%.2f", value);
        }
    }
}
