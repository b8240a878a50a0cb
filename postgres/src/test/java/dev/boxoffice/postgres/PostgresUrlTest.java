package dev.boxoffice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.pgclient.SslMode;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PostgresUrlTest {

    @Test
    void readsAddressCredentialsAndLibpqParameters() {
        PostgresUrl url = PostgresUrl.parse("postgresql://app:p%40ss@db.example:6432/boxoffice?sslmode=require&application_name=node-7");
        assertThat(url.host()).isEqualTo("db.example");
        assertThat(url.port()).isEqualTo(6432);
        assertThat(url.database()).isEqualTo("boxoffice");
        assertThat(url.user()).contains("app");
        assertThat(url.password()).contains("p@ss");
        assertThat(url.sslMode()).isEqualTo(SslMode.REQUIRE);
        assertThat(url.named("node-1").applicationName()).contains("node-7");
        assertThat(url.describe()).isEqualTo("db.example:6432/boxoffice as app").doesNotContain("p@ss");
    }

    @Test
    void prefersTlsByDefaultAsLibpqDoesAndNamesTheProcess() {
        PostgresUrl url = PostgresUrl.parse("postgres://localhost/boxoffice", Map.of()).named("line-2");
        assertThat(url.sslMode()).isEqualTo(SslMode.PREFER);
        assertThat(url.port()).isEqualTo(5432);
        assertThat(url.pgConnectOptions().getProperties()).containsEntry("application_name", "line-2");
        assertThat(url.pgConnectOptions().isTrustAll()).isTrue();
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://localhost:5432/boxoffice?sslmode=prefer&ApplicationName=line-2");
        assertThat(url.jdbcProperties()).containsEntry("connectTimeout", "3").containsEntry("tcpKeepAlive", "true")
                .doesNotContainKey("user");
    }

    @Test
    void verifyFullChecksTheNameAgainstTheSystemCas() {
        PostgresUrl url = PostgresUrl.parse("postgresql://h/db?sslmode=verify-full&sslrootcert=system&connect_timeout=2");
        assertThat(url.pgConnectOptions().getHostnameVerificationAlgorithm()).isEqualTo("HTTPS");
        assertThat(url.pgConnectOptions().isTrustAll()).isFalse();
        assertThat(url.pgConnectOptions().getTrustOptions()).isNotNull();
        assertThat(url.pgConnectOptions().getConnectTimeout()).isEqualTo(2000);
        assertThat(url.jdbcUrl()).contains("sslmode=verify-full").contains("sslfactory=org.postgresql.ssl.DefaultJavaSSLFactory");
    }

    @Test
    void takesWhatTheUrlLeavesOutFromLibpqsEnvironmentVariables() {
        PostgresUrl url = PostgresUrl.parse("postgresql://app:pw@db-rw:5432/app?sslmode=require",
                Map.of("PGSSLMODE", "verify-full", "PGSSLROOTCERT", PostgresUrl.SYSTEM_CAS, "PGAPPNAME", "node-3"));
        assertThat(url.sslMode()).isEqualTo(SslMode.REQUIRE);
        assertThat(url.rootCert()).contains(PostgresUrl.SYSTEM_CAS);
        assertThat(url.applicationName()).contains("node-3");
        assertThat(PostgresUrl.parse("postgresql://db-rw/app", Map.of("PGSSLMODE", "verify-full", "PGSSLROOTCERT", "system"))
                .sslMode()).isEqualTo(SslMode.VERIFY_FULL);
    }

    @Test
    void isWrittenOutAsItIsRead() {
        PostgresUrl url = PostgresUrl.parse("postgresql://a%40b:p%26s%20s@db:6432/tickets?sslmode=verify-ca&sslrootcert=system"
                + "&application_name=node-1&connect_timeout=7", Map.of());
        assertThat(PostgresUrl.parse(url.url(), Map.of())).isEqualTo(url);
        assertThat(url.withSslMode(SslMode.REQUIRE).sslMode()).isEqualTo(SslMode.REQUIRE);
    }

    @Test
    void refusesWhatItWouldOtherwiseIgnoreOrMisread() {
        assertThatThrownBy(() -> PostgresUrl.parse("postgresql://h/db?sslmode=verify-full"))
                .hasMessageContaining("needs sslrootcert");
        assertThatThrownBy(() -> PostgresUrl.parse("postgresql://h/db?sslmode=strict"))
                .hasMessageContaining("sslmode must be");
        assertThatThrownBy(() -> PostgresUrl.parse("postgresql://h/db?sslcert=client.crt"))
                .hasMessageContaining("unknown parameter sslcert");
        assertThatThrownBy(() -> PostgresUrl.parse("postgresql://h/db?connect_timeout=0"))
                .hasMessageContaining("connect_timeout");
        assertThatThrownBy(() -> PostgresUrl.parse("mysql://h/db")).hasMessageContaining("postgresql://");
        assertThatThrownBy(() -> PostgresUrl.parse("postgresql://h")).hasMessageContaining("database name");
    }
}
