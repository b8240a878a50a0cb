package dev.boxoffice.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DatabaseUrlTest {

    @Test
    void turnsAUrlIntoReactiveAndJdbcSettings() {
        var properties = DatabaseUrl.parse("postgresql://box%40office:s3cr%3At@db.internal:6543/tickets?sslmode=require")
                .quarkusProperties();

        assertThat(properties).containsEntry("quarkus.datasource.reactive.url", "postgresql://db.internal:6543/tickets?sslmode=require")
                .containsEntry("quarkus.datasource.jdbc.url", "jdbc:postgresql://db.internal:6543/tickets?sslmode=require")
                .containsEntry("quarkus.datasource.username", "box@office")
                .containsEntry("quarkus.datasource.password", "s3cr:t");
    }

    @Test
    void acceptsThePostgresSchemeAndTheDefaultPort() {
        var url = DatabaseUrl.parse("postgres://localhost/boxoffice");

        assertThat(url.port()).isEqualTo(5432);
        assertThat(url.user()).isNull();
        assertThat(url.quarkusProperties()).doesNotContainKeys("quarkus.datasource.username", "quarkus.datasource.password");
    }

    @Test
    void explainsWhatIsWrong() {
        assertThatThrownBy(() -> DatabaseUrl.parse("mysql://localhost/db")).hasMessageContaining("postgresql://");
        assertThatThrownBy(() -> DatabaseUrl.parse("postgresql://localhost")).hasMessageContaining("database name");
        assertThatThrownBy(() -> DatabaseUrl.parse("postgresql://local host/db")).hasMessageContaining("not a valid URL");
    }
}
