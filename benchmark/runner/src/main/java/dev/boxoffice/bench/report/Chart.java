package dev.boxoffice.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Inline SVG charts for report.html: no script, no network, readable when the file is opened offline. */
final class Chart {

    static final String[] COLORS = {"#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2"};
    private static final int WIDTH = 560;
    private static final int HEIGHT = 300;
    private static final int LEFT = 64;
    private static final int RIGHT = 16;
    private static final int TOP = 34;
    private static final int BOTTOM = 58;

    /** A named line of (x, y) points; NaN points are skipped. */
    record Series(String name, List<double[]> points) {
    }

    private Chart() {
    }

    static String line(String title, String xLabel, String yLabel, List<Series> series, boolean logY, double guide,
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
        Axis x = Axis.linear(xMin, xMax).asX();
        Axis y = logY ? Axis.log(yMin, yMax) : Axis.linear(0, yMax);
        StringBuilder svg = frame(title, xLabel, yLabel, x, y);
        if (!Double.isNaN(guide)) {
            double gy = y.toPixel(guide);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"guide\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" class=\"guide-label\">%s</text>", LEFT, WIDTH - RIGHT, gy, gy,
                    WIDTH - RIGHT - 4, gy - 4, Table.escape(guideLabel)));
        }
        for (int i = 0; i < series.size(); i++) {
            String color = COLORS[i % COLORS.length];
            StringBuilder path = new StringBuilder();
            for (double[] p : series.get(i).points()) {
                if (Double.isNaN(p[0]) || Double.isNaN(p[1]) || (logY && p[1] <= 0)) {
                    continue;
                }
                double px = x.toPixel(p[0]);
                double py = y.toPixel(p[1]);
                path.append(path.isEmpty() ? "M" : "L").append(String.format(Locale.ROOT, "%.1f %.1f ", px, py));
                svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"><title>%s: %s, %s</title></circle>",
                        px, py, color, Table.escape(series.get(i).name()), Axis.label(p[0]), Axis.label(p[1])));
            }
            svg.append("<path d=\"").append(path).append("\" stroke=\"").append(color).append("\" fill=\"none\" stroke-width=\"2\"/>");
        }
        return legend(svg, series.stream().map(Series::name).toList()).append("</svg>").toString();
    }

    /** Bars per category; {@code stacked} piles the series, otherwise they stand side by side. */
    static String bars(String title, String yLabel, List<String> categories, List<Series> series, boolean stacked) {
        if (categories.isEmpty()) {
            return "";
        }
        double yMax = 0;
        for (int c = 0; c < categories.size(); c++) {
            double sum = 0;
            for (Series s : series) {
                double v = value(s, c);
                sum = stacked ? sum + v : Math.max(sum, v);
            }
            yMax = Math.max(yMax, sum);
        }
        Axis y = Axis.linear(0, yMax > 0 ? yMax : 1);
        StringBuilder svg = frame(title, "", yLabel, null, y);
        double band = (WIDTH - LEFT - RIGHT) / (double) categories.size();
        double barWidth = stacked ? band * 0.6 : band * 0.8 / series.size();
        for (int c = 0; c < categories.size(); c++) {
            double x0 = LEFT + c * band + (band - (stacked ? barWidth : barWidth * series.size())) / 2;
            double base = 0;
            for (int s = 0; s < series.size(); s++) {
                double v = value(series.get(s), c);
                double top = y.toPixel(base + v);
                double bottom = y.toPixel(base);
                double bx = stacked ? x0 : x0 + s * barWidth;
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
                                + "<title>%s, %s: %s</title></rect>", bx, top, barWidth - 1, Math.max(0, bottom - top),
                        COLORS[s % COLORS.length], Table.escape(categories.get(c)), Table.escape(series.get(s).name()), Axis.label(v)));
                if (stacked) {
                    base += v;
                }
            }
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"tick\" text-anchor=\"middle\">%s</text>",
                    LEFT + c * band + band / 2, HEIGHT - BOTTOM + 16, Table.escape(categories.get(c))));
        }
        return legend(svg, series.stream().map(Series::name).toList()).append("</svg>").toString();
    }

    private static double value(Series series, int index) {
        double v = index < series.points().size() ? series.points().get(index)[1] : 0;
        return Double.isNaN(v) ? 0 : v;
    }

    private static StringBuilder frame(String title, String xLabel, String yLabel, Axis x, Axis y) {
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" class=\"chart\" role=\"img\">"
                        + "<text x=\"%d\" y=\"18\" class=\"title\">%s</text>", WIDTH, HEIGHT, LEFT, Table.escape(title)));
        for (double tick : y.ticks()) {
            double py = y.toPixel(tick);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" class=\"tick\" text-anchor=\"end\">%s</text>", LEFT, WIDTH - RIGHT, py, py,
                    LEFT - 6, py + 4, Axis.label(tick)));
        }
        if (x != null) {
            for (double tick : x.ticks()) {
                double px = x.toPixel(tick);
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" class=\"grid\"/>"
                        + "<text x=\"%.1f\" y=\"%d\" class=\"tick\" text-anchor=\"middle\">%s</text>", px, px, TOP,
                        HEIGHT - BOTTOM, px, HEIGHT - BOTTOM + 16, Axis.label(tick)));
            }
        }
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" class=\"axis\"/>", LEFT,
                WIDTH - RIGHT, HEIGHT - BOTTOM, HEIGHT - BOTTOM));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"label\" text-anchor=\"middle\">%s</text>",
                (LEFT + WIDTH - RIGHT) / 2, HEIGHT - BOTTOM + 34, Table.escape(xLabel)));
        svg.append(String.format(Locale.ROOT, "<text x=\"14\" y=\"%d\" class=\"label\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 14 %d)\">%s</text>", (TOP + HEIGHT - BOTTOM) / 2, (TOP + HEIGHT - BOTTOM) / 2,
                Table.escape(yLabel)));
        return svg;
    }

    private static StringBuilder legend(StringBuilder svg, List<String> names) {
        double x = LEFT;
        for (int i = 0; i < names.size(); i++) {
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                    + "<text x=\"%.1f\" y=\"%d\" class=\"legend\">%s</text>", x, HEIGHT - 14, COLORS[i % COLORS.length],
                    x + 14, HEIGHT - 5, Table.escape(names.get(i))));
            x += 24 + 7 * names.get(i).length();
        }
        return svg;
    }

    /** Maps data values to pixels, with round tick values. */
    private record Axis(double min, double max, boolean log, boolean horizontal, List<Double> ticks) {

        static Axis linear(double min, double max) {
            double step = niceStep((max - min) / 5);
            double first = Math.floor(min / step) * step;
            double last = Math.ceil(max / step) * step;
            List<Double> ticks = new ArrayList<>();
            for (double t = first; t <= last + step / 2; t += step) {
                ticks.add(t);
            }
            return new Axis(first, last, false, false, ticks);
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

        double toPixel(double value) {
            double fraction = log ? (Math.log10(value) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))
                    : (value - min) / (max - min);
            return ticks.isEmpty() ? 0 : (isX() ? LEFT + fraction * (WIDTH - LEFT - RIGHT) : HEIGHT - BOTTOM - fraction * (HEIGHT - BOTTOM - TOP));
        }

        private boolean isX() {
            return horizontal;
        }

        Axis asX() {
            return new Axis(min, max, log, true, ticks);
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
