package dev.boxoffice.bench.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProcessTreeTest {

    private Process parent;

    @BeforeEach
    void startAProcessWithAChild() throws Exception {
        parent = new ProcessBuilder("bash", "-c", "sleep 60 & wait").start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (children().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(children()).hasSize(1);
    }

    @AfterEach
    void killIt() {
        ProcessTree.resume(parent.pid());
        parent.descendants().forEach(ProcessHandle::destroyForcibly);
        parent.destroyForcibly();
    }

    @Test
    void aStoppedProcessAndItsDescendantsAreHeldStillUntilResumed() throws Exception {
        long child = children().get(0);

        ProcessTree.stop(parent.pid());
        assertThat(state(parent.pid())).isEqualTo('T');
        assertThat(state(child)).isEqualTo('T');

        ProcessTree.resume(parent.pid());
        assertThat(state(parent.pid())).isNotEqualTo('T');
        assertThat(state(child)).isNotEqualTo('T');
    }

    @Test
    void aProcessGoneMeanwhileIsNoError() throws Exception {
        parent.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        ProcessTree.stop(parent.pid());
        ProcessTree.resume(parent.pid());
    }

    private List<Long> children() {
        return parent.descendants().map(ProcessHandle::pid).toList();
    }

    /** The process's state letter from /proc (T: stopped), after the signal has had time to land. */
    private static char state(long pid) throws IOException, InterruptedException {
        Thread.sleep(50);
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        return stat.charAt(stat.lastIndexOf(')') + 2);
    }
}
