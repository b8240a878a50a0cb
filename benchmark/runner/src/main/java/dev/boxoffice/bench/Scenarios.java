package dev.boxoffice.bench;

import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.scenario.coldstart.ColdStartScenario;
import dev.boxoffice.bench.scenario.connections.ConnectionsScenario;
import dev.boxoffice.bench.scenario.contention.ContentionScenario;
import dev.boxoffice.bench.scenario.dispatch.DispatchScenario;
import dev.boxoffice.bench.scenario.dbfailover.DbFailoverScenario;
import dev.boxoffice.bench.scenario.failover.FailoverScenario;
import dev.boxoffice.bench.scenario.faults.FaultsScenario;
import dev.boxoffice.bench.scenario.hall.HallScenario;
import dev.boxoffice.bench.scenario.holds.HoldsScenario;
import dev.boxoffice.bench.scenario.journeys.JourneysScenario;
import dev.boxoffice.bench.scenario.keys.KeysScenario;
import dev.boxoffice.bench.scenario.limits.LimitsScenario;
import dev.boxoffice.bench.scenario.memory.MemoryScenario;
import dev.boxoffice.bench.scenario.onsale.OnsaleScenario;
import dev.boxoffice.bench.scenario.queue.QueueScenario;
import dev.boxoffice.bench.scenario.serial.SerialScenario;
import dev.boxoffice.bench.scenario.stream.StreamScenario;
import dev.boxoffice.bench.scenario.surge.SurgeScenario;
import dev.boxoffice.bench.scenario.sweep.SweepScenario;
import dev.boxoffice.bench.scenario.variants.VariantsScenario;
import java.util.List;

/**
 * Every scenario of the benchmark, in the order a run runs them: the machine's ceilings first, so that nothing else
 * runs while they are measured. A new scenario is a package under {@code scenario/} and one line here.
 */
final class Scenarios {

    private Scenarios() {
    }

    /** New instances, whose options a command line may set. */
    static List<Scenario<?>> all() {
        return List.of(
                new LimitsScenario(),
                new DispatchScenario(),
                new SerialScenario(),
                new ContentionScenario(),
                new JourneysScenario(),
                new SurgeScenario(),
                new SweepScenario(),
                new FailoverScenario(),
                new DbFailoverScenario(),
                new FaultsScenario(),
                new MemoryScenario(),
                new HoldsScenario(),
                new HallScenario(),
                new KeysScenario(),
                new StreamScenario(),
                new OnsaleScenario(),
                new QueueScenario(),
                new ConnectionsScenario(),
                new ColdStartScenario(),
                new VariantsScenario());
    }
}
