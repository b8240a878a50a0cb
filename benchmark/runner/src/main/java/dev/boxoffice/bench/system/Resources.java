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
                Cpus.cpuSeconds(selfPid), Cpus.busySecondsPerCore());
    }

    public double serviceRssMiB() {
        return servicePid.isPresent() ? Cpus.rssMiB(servicePid.getAsLong()) : Double.NaN;
    }

    /** CPU seconds of each process, and busy seconds of each core (anything but idle), at one moment. */
    public record Sample(long nanos, double service, double database, double loadGenerator, double[] coreBusy) {

        /** Average use since {@code earlier}, in percent of one core. */
        public CpuShare since(Sample earlier) {
            double seconds = (nanos - earlier.nanos) / 1e9;
            double[] cores = new double[Math.min(coreBusy.length, earlier.coreBusy.length)];
            for (int i = 0; i < cores.length; i++) {
                cores[i] = 100 * (coreBusy[i] - earlier.coreBusy[i]) / seconds;
            }
            return new CpuShare(
                    100 * (service - earlier.service) / seconds,
                    100 * (database - earlier.database) / seconds,
                    100 * (loadGenerator - earlier.loadGenerator) / seconds,
                    cores);
        }
    }

    /**
     * CPU use in percent of one core (200 = two full cores); NaN where the process is not known. {@code cores} is
     * how busy each core was, whoever used it (kernel network work included, which no process is charged for).
     */
    public record CpuShare(double service, double database, double loadGenerator, double[] cores) {

        public String describeCores() {
            if (cores == null || cores.length == 0) {
                return "–";
            }
            StringBuilder text = new StringBuilder();
            for (double core : cores) {
                text.append(text.isEmpty() ? "" : " / ").append(Math.round(core));
            }
            return text.toString();
        }
    }
}
