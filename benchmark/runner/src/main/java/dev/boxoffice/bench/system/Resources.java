package dev.boxoffice.bench.system;

import java.util.OptionalLong;

/**
 * The processes whose CPU the report splits: the service (when this run started it), PostgreSQL (when embedded)
 * and the load generator (this JVM). Unknown ones read as NaN rather than as zero.
 */
public final class Resources {

    private final long selfPid = ProcessHandle.current().pid();
    private OptionalLong servicePid = OptionalLong.empty();
    private OptionalLong databasePid = OptionalLong.empty();

    public void service(long pid) {
        servicePid = OptionalLong.of(pid);
    }

    public void noService() {
        servicePid = OptionalLong.empty();
    }

    public void database(long postmasterPid) {
        databasePid = OptionalLong.of(postmasterPid);
    }

    public Sample sample() {
        return new Sample(System.nanoTime(),
                servicePid.isPresent() ? Cpus.cpuSeconds(servicePid.getAsLong()) : Double.NaN,
                databasePid.isPresent() ? Cpus.treeCpuSeconds(databasePid.getAsLong()) : Double.NaN,
                Cpus.cpuSeconds(selfPid));
    }

    public double serviceRssMiB() {
        return servicePid.isPresent() ? Cpus.rssMiB(servicePid.getAsLong()) : Double.NaN;
    }

    /** CPU seconds of each process at one moment. */
    public record Sample(long nanos, double service, double database, double loadGenerator) {

        /** Average use since {@code earlier}, in percent of one core. */
        public CpuShare since(Sample earlier) {
            double seconds = (nanos - earlier.nanos) / 1e9;
            return new CpuShare(
                    100 * (service - earlier.service) / seconds,
                    100 * (database - earlier.database) / seconds,
                    100 * (loadGenerator - earlier.loadGenerator) / seconds);
        }
    }

    /** CPU use in percent of one core (200 = two full cores); NaN where the process is not known. */
    public record CpuShare(double service, double database, double loadGenerator) {
    }
}
