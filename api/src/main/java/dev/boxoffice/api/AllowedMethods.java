package dev.boxoffice.api;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The methods each path of the API accepts, read once from the resources' annotations, for the {@code Allow} header
 * that RFC 9110 requires on a 405 (the framework sends none).
 */
public final class AllowedMethods {

    private final Map<Pattern, TreeSet<String>> byPath = new TreeMap<>((a, b) -> a.pattern().compareTo(b.pattern()));

    public AllowedMethods(Class<?>... resources) {
        for (Class<?> resource : resources) {
            String base = resource.getAnnotation(Path.class).value();
            for (Method method : resource.getMethods()) {
                String verb = verbOf(method);
                if (verb != null) {
                    Path sub = method.getAnnotation(Path.class);
                    String template = sub == null ? base : base + (sub.value().startsWith("/") ? "" : "/") + sub.value();
                    TreeSet<String> verbs = byPath.computeIfAbsent(patternOf(template), p -> new TreeSet<>());
                    verbs.add(verb);
                    verbs.add("OPTIONS");
                    if (verb.equals("GET")) {
                        verbs.add("HEAD");
                    }
                }
            }
        }
    }

    /** For example {@code "GET, HEAD, OPTIONS, POST"}; empty when no resource serves {@code path}. */
    String allow(String path) {
        String normalised = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        List<String> verbs = new ArrayList<>();
        byPath.forEach((pattern, methods) -> {
            if (pattern.matcher(normalised).matches()) {
                verbs.addAll(methods);
            }
        });
        return String.join(", ", new TreeSet<>(verbs));
    }

    private static String verbOf(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod verb = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return verb.value();
            }
        }
        return null;
    }

    private static Pattern patternOf(String template) {
        return Pattern.compile(template.replaceAll("\\{[^}]+}", "[^/]+"));
    }
}
