package dev.boxoffice.bench.run;

/** What a scenario is measured against, so that the run starts it once for every scenario that needs it. */
public enum Target {
    /** Nothing the run starts for it: it starts what it measures itself (the hello service, the variants). */
    OWN,
    /** The service (with --nodes N: N nodes behind HAProxy), or a running server given with --target. */
    SERVICE,
    /** The service, and with --nodes N also one node addressed directly and one node behind HAProxy, for comparison. */
    SERVICE_IN_EVERY_TOPOLOGY
}
