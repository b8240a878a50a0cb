package dev.boxoffice.bench.report;

/** The page around a report's sections: inline CSS only, so the file opens offline. */
final class Html {

    private Html() {
    }

    static String page(String title, String body) {
        return """
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>%s</title>
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <style>
                body{font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;max-width:1200px;padding:0 1rem;color:#111}
                h1{font-size:1.6rem;margin-bottom:.2rem}h2{margin-top:2.2rem;border-bottom:1px solid #ddd;padding-bottom:.2rem}
                .meta{color:#555;font-size:.9rem}
                table{border-collapse:collapse;margin:.8rem 0;font-size:.85rem}th,td{border:1px solid #ddd;padding:.25rem .5rem}
                th{background:#f5f5f5;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}
                .charts{display:flex;flex-wrap:wrap;gap:1rem}.chart{width:560px;max-width:100%%;background:#fff;border:1px solid #eee}
                .chart .title{font-weight:600;font-size:13px}.chart .tick{font-size:10px;fill:#555}.chart .label{font-size:11px;fill:#333}
                .chart .legend{font-size:11px}.chart .grid{stroke:#eee}.chart .axis{stroke:#999}
                .chart .guide{stroke:#dc2626;stroke-dasharray:4 3}.chart .guide-label{font-size:10px;fill:#dc2626;text-anchor:end}
                </style></head><body>
                %s
                </body></html>
                """.formatted(Table.escape(title), body);
    }
}
