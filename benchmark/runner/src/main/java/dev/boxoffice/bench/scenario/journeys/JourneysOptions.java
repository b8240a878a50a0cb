package dev.boxoffice.bench.scenario.journeys;

import dev.boxoffice.bench.measure.Positive;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** Set by the command line (picocli implements it). */
public interface JourneysOptions {

    /** The journeys, in the order the mix and the report list them. */
    List<String> NAMES = List.of("browse", "book", "group", "book-cancel", "create", "hold-confirm", "hold-expire");
    String DEFAULT_MIX = "browse:50,book:20,group:10,book-cancel:5,create:5,hold-confirm:9,hold-expire:1";
    /** Journeys of the reference API alone (no holds): what every variant of the service, and an earlier build, answers. */
    String SEED_MIX = "browse:55,book:25,group:10,book-cancel:5,create:5";

    @Option(names = "--journeys-rates", split = ",", converter = Positive.class, defaultValue = "250,500,1000,1500,2000,3000,4000,6000",
            description = "journeys: the rates of the steps, journeys started per second (each sends 1 to 7 requests, 2.4"
                    + " on average with the default mix)")
    List<Double> rates();

    @Option(names = "--journeys-mix", defaultValue = DEFAULT_MIX, converter = Mix.Converter.class,
            description = "journeys: share of each journey in percent (browse: list shows, read one; book: read a show,"
                    + " reserve a seat; group: read a show, reserve 2-6 seats one after another; book-cancel: read,"
                    + " reserve, cancel; create: a venue creates a show; hold-confirm: read a show, hold 2-4 seats together, confirm"
                    + " the hold; hold-expire: read a show, hold 2-4 seats, leave, and the hold expires 2 s later)")
    Mix mix();

    @Option(names = "--journeys-think-ms", defaultValue = "200",
            description = "journeys: pause between two requests of a journey (a user reading the page)")
    double thinkMs();

    @Option(names = "--journeys-keys", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "journeys: every write carries an Idempotency-Key of its own (--no-journeys-keys: none)")
    boolean keys();

    @Option(names = "--journeys-retry-percent", defaultValue = "5", converter = Positive.CountOrZero.class,
            description = "journeys: share of the writes sent again with the same key once answered, as by a client"
                    + " that lost the answer; the retry must get the same answer, byte for byte, or it counts as an error")
    int retryPercent();

    @Option(names = "--journeys-shows", defaultValue = "1000", converter = Positive.Count.class,
            description = "journeys: shows created before the steps, which journeys browse and book")
    int shows();

    @Option(names = "--journeys-seats", defaultValue = "100", converter = Positive.Count.class,
            description = "journeys: seats per show")
    int seats();

    /**
     * {@code options} with the journeys of the reference API alone: their mix if it has no holds, else
     * {@link #SEED_MIX}, and no idempotency keys. Static: picocli's implementation of this interface answers every
     * method call itself.
     */
    static JourneysOptions seedApi(JourneysOptions options) {
        Mix mix = options.mix().hasHolds() ? new Mix.Converter().convert(SEED_MIX) : options.mix();
        return new Given(options.rates(), mix, options.thinkMs(), false, 0, options.shows(), options.seats());
    }

    /** Options given in code rather than on the command line. */
    record Given(List<Double> rates, Mix mix, double thinkMs, boolean keys, int retryPercent, int shows, int seats)
            implements JourneysOptions {
    }

    /** Each journey's share of the arrivals, in percent, in the order of {@link #NAMES}; they add up to 100. */
    record Mix(Map<String, Integer> shares) {

        boolean hasHolds() {
            return shares.get("hold-confirm") > 0 || shares.get("hold-expire") > 0;
        }

        /** name:percent pairs, comma-separated, naming each journey at most once and adding up to 100. */
        static final class Converter implements ITypeConverter<Mix> {
            @Override
            public Mix convert(String value) {
                Map<String, Integer> mix = new LinkedHashMap<>();
                NAMES.forEach(journey -> mix.put(journey, 0));
                String problem = "must be name:percent pairs adding up to 100, names among " + String.join(", ", NAMES)
                        + ", for example " + DEFAULT_MIX;
                for (String pair : value.split(",")) {
                    String[] parts = pair.trim().split(":");
                    if (parts.length != 2 || !mix.containsKey(parts[0].trim())) {
                        throw new TypeConversionException(problem);
                    }
                    try {
                        int percent = Integer.parseInt(parts[1].trim());
                        if (percent < 0) {
                            throw new TypeConversionException(problem);
                        }
                        mix.put(parts[0].trim(), percent);
                    } catch (NumberFormatException e) {
                        throw new TypeConversionException(problem);
                    }
                }
                if (mix.values().stream().mapToInt(Integer::intValue).sum() != 100) {
                    throw new TypeConversionException(problem);
                }
                return new Mix(Collections.unmodifiableMap(mix));
            }
        }
    }
}
