package dev.boxoffice.api;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The methods each path of the API accepts, read once from the resources' annotations, for the {@code Allow} header
 * that RFC 9110 requires on a 405 (the framework sends none). Where a path matches several templates, the one with the
 * most literal characters is the path's, as JAX-RS ranks them: {@code /queue/blocks} is not a ticket called "blocks".
 */
public final class AllowedMethods {

    /** A path template: how to match it, how many of its characters are literal, and its methods. */
    private record Template(Pattern pattern, int literals, String literalEnd, TreeSet<String> verbs) {
    }

    private final List<Template> templates = new ArrayList<>();
    /** Templates ending in a literal segment where another has a parameter: the paths the framework gets wrong. */
    private final List<Template> shadowing = new ArrayList<>();
    /** The methods the framework would take on such a path for the other template's: the only ones {@link #refused} can refuse. */
    private final TreeSet<String> refusable = new TreeSet<>();

    public AllowedMethods(Class<?>... resources) {
        Map<String, TreeSet<String>> byTemplate = new LinkedHashMap<>();
        for (Class<?> resource : resources) {
            String base = resource.getAnnotation(Path.class).value();
            for (Method method : resource.getMethods()) {
                String verb = verbOf(method);
                if (verb != null) {
                    Path sub = method.getAnnotation(Path.class);
                    String template = sub == null ? base : base + (sub.value().startsWith("/") ? "" : "/") + sub.value();
                    TreeSet<String> verbs = byTemplate.computeIfAbsent(template, t -> new TreeSet<>());
                    verbs.add(verb);
                    verbs.add("OPTIONS");
                    if (verb.equals("GET")) {
                        verbs.add("HEAD");
                    }
                }
            }
        }
        byTemplate.forEach((template, verbs) -> templates.add(new Template(patternOf(template),
                template.replaceAll("\\{[^}]+}", "").length(), template.substring(template.lastIndexOf('/')), verbs)));
        for (Template literal : templates) {
            if (literal.literalEnd().contains("{")) {
                continue;
            }
            List<Template> taking = templates.stream().filter(other -> other != literal
                    && other.literals() < literal.literals() && other.pattern().matcher(example(literal)).matches()).toList();
            if (!taking.isEmpty()) {
                shadowing.add(literal);
                taking.forEach(other -> other.verbs().stream()
                        .filter(verb -> !literal.verbs().contains(verb) && !verb.equals("OPTIONS")).forEach(refusable::add));
            }
        }
    }

    /** The methods {@link #refused} may refuse: a request of any other method need not be asked about. */
    Set<String> refusable() {
        return Collections.unmodifiableSet(refusable);
    }

    /** For example {@code "GET, HEAD, OPTIONS, POST"}; empty when no resource serves {@code path}. */
    String allow(String path) {
        String normalised = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        int most = -1;
        TreeSet<String> verbs = new TreeSet<>();
        for (Template template : templates) {
            if (template.literals() >= most && template.pattern().matcher(normalised).matches()) {
                if (template.literals() > most) {
                    verbs.clear();
                    most = template.literals();
                }
                verbs.addAll(template.verbs());
            }
        }
        return String.join(", ", verbs);
    }

    /**
     * The {@code Allow} header of a 405 for {@code method} on {@code path}, when the path is one whose own template
     * lacks the method but the framework would take it as another template's (a literal segment read as a parameter).
     * Asked only for the {@link #refusable} methods, and cheap then too: a few {@code endsWith} before any pattern.
     */
    Optional<String> refused(String path, String method) {
        for (Template literal : shadowing) {
            if (path.endsWith(literal.literalEnd()) && literal.pattern().matcher(path).matches()
                    && !literal.verbs().contains(method)) {
                return Optional.of(String.join(", ", literal.verbs()));
            }
        }
        return Optional.empty();
    }

    private static String example(Template template) {
        return template.pattern().pattern().replace("[^/]+", "x");
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
