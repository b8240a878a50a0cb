package dev.boxoffice.bench.scenario.variants;

import java.util.List;

/** Every variant measured in a variants run, in the order measured. */
public record VariantsResult(List<VariantResult> variants) {

    /** The variant called {@code name}, or null. */
    public VariantResult variant(String name) {
        return variants.stream().filter(v -> v.name().equals(name)).findFirst().orElse(null);
    }
}
