package dev.boxoffice.bench.system;

import java.util.List;
import java.util.OptionalLong;
import java.util.function.LongToDoubleFunction;

/**
 * The processes whose CPU the report splits: the service (when this run started it: one JVM, or every node of a
 * cluster together), HAProxy in front of a cluster, PostgreSQL (when embedded) and the load generator (this JVM).
 * Unknown ones read as NaN rather than as zero.
 */
public final class Resources {

    private final long selfPid = ProcessHandle.current().pid();
    private List<Long> servicePids = List.of();
    private OptionalLong proxyPid = OptionalLong.empty();
    private OptionalLong databasePid = OptionalLong.empty();

    public void service(long pid) {
        serviceTier(List.of(pid), OptionalLong.empty());
    }

    /** The nodes of a cluster, counted together as the service, and the load balancer in front of them. */
    public void serviceTier(List<Long> nodePids, OptionalLong loadBalancerPid) {
        servicePids = List.copyOf(nodePids);
        proxyPid = loadBalancerPid;
    }

    public void noService() {
        serviceTier(List.of(), OptionalLong.empty());
    }

    public void database(long postmasterPid) {
        databasePid = OptionalLong.of(postmasterPid);
    }

    public Sample sample() {
        Cpus.CoreSeconds cores = Cpus.coreSeconds();
        return new Sample(System.nanoTime(), sumOver(servicePids, Cpus::cpuSeconds),
                proxyPid.isPresent() ? Cpus.cpuSeconds(proxyPid.getAsLong()) : Double.NaN,
                databasePid.isPresent() ? Cpus.treeCpuSeconds(databasePid.getAsLong()) : Double.NaN,
                Cpus.cpuSeconds(selfPid), cores.busy(), cores.steal());
    }

    /** The service's resident memory: of every node together in a cluster. */
    public double serviceRssMiB() {
        return sumOver(servicePids, Cpus::rssMiB);
    }

    private static double sumOver(List<Long> pids, LongToDoubleFunction reading) {
        return pids.isEmpty() ? Double.NaN : pids.stream().mapToDouble(reading::applyAsDouble).sum();
    }

    /** CPU seconds of each process, and busy and stolen seconds of each core, at one moment. */
    public record Sample(long nanos, double service, double proxy, double database, double loadGenerator, double[] coreBusy,
            double[] coreSteal) {

        /** Average use since {@code earlier}, in percent of one core. */
        public CpuShare since(Sample earlier) {
            double seconds = (nanos - earlier.nanos) / 1e9;
            return new CpuShare(
                    100 * (service - earlier.service) / seconds,
                    100 * (proxy - earlier.proxy) / seconds,
                    100 * (database - earlier.database) / seconds,
                    100 * (loadGenerator - earlier.loadGenerator) / seconds,
                    percentPerCore(coreBusy, earlier.coreBusy, seconds), percentPerCore(coreSteal, earlier.coreSteal, seconds));
        }

        private static double[] percentPerCore(double[] now, double[] then, double seconds) {
            double[] cores = new double[Math.min(now.length, then.length)];
            for (int i = 0; i < cores.length; i++) {
                cores[i] = 100 * (now[i] - then[i]) / seconds;
            }
            return cores;
        }
    }

    /**
     * CPU use in percent of one core (200 = two full cores); NaN where the process is not known. {@code proxy} is HAProxy
     * in front of a cluster's nodes, whose CPU {@code service} is. {@code cores} is
     * how busy each core was, whoever used it (kernel network work included, which no process is charged for);
     * {@code steal} is the part of it the hypervisor kept from the guest although it had work (on a virtual machine:
     * other guests, or the hypervisor's own I/O work), a sign of the host rather than of the benchmark.
     */
    public record CpuShare(double service, double proxy, double database, double loadGenerator, double[] cores, double[] steal) {

        public String describeCores() {
            return describe(cores);
        }

        public String describeSteal() {
            return describe(steal);
        }

        /** The largest steal of any core, in percent; 0 when unknown. */
        public double maxSteal() {
            double max = 0;
            for (double core : steal == null ? new double[0] : steal) {
                max = Math.max(max, core);
            }
            return max;
        }

        private static String describe(double[] percentPerCore) {
            if (percentPerCore == null || percentPerCore.length == 0) {
                return "–";
            }
            StringBuilder text = new StringBuilder();
            for (double core : percentPerCore) {
                text.append(text.isEmpty() ? "" : " / ").append(Math.round(core));
            }
            return text.toString();
        }
    }
}
