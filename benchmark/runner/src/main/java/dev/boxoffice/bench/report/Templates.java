package dev.boxoffice.bench.report;

import io.quarkus.qute.Engine;
import io.quarkus.qute.HtmlEscaper;
import io.quarkus.qute.ReflectionValueResolver;
import io.quarkus.qute.TemplateLocator.TemplateLocation;
import io.quarkus.qute.ValueResolvers;
import io.quarkus.qute.Variant;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reports' templates (src/main/resources/templates), rendered by Qute used standalone. Templates ending in .html
 * or .svg escape every value they insert, unless the value says it is markup already ({@code .raw}).
 */
public final class Templates {

    private static final Engine ENGINE = Engine.builder().addDefaults().addValueResolver(ValueResolvers.rawResolver())
            .addValueResolver(new ReflectionValueResolver())
            .addResultMapper(new HtmlEscaper(List.of(Variant.TEXT_HTML, "image/svg+xml")))
            .addLocator(Templates::locate)
            .build();

    private Templates() {
    }

    public static String render(String name, Map<String, Object> data) {
        var template = ENGINE.getTemplate(name);
        if (template == null) {
            throw new IllegalStateException("no template " + name);
        }
        var instance = template.instance();
        data.forEach(instance::data);
        return instance.render();
    }

    private static Optional<TemplateLocation> locate(String name) {
        if (Templates.class.getResource("/templates/" + name) == null) {
            return Optional.empty();
        }
        String type = name.endsWith(".html") ? Variant.TEXT_HTML : name.endsWith(".svg") ? "image/svg+xml" : Variant.TEXT_PLAIN;
        return Optional.of(new TemplateLocation() {
            @Override
            public Reader read() {
                InputStream in = Templates.class.getResourceAsStream("/templates/" + name);
                return new InputStreamReader(in, StandardCharsets.UTF_8);
            }

            @Override
            public Optional<Variant> getVariant() {
                return Optional.of(Variant.forContentType(type));
            }
        });
    }
}
