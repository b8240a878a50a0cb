package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a cluster's event log says of a {@link ReservationLoad}, against what its clients were told. */
final class ReservationLog {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private ReservationLog() {
    }

    /** {@code count} new shows of {@code seats} seats each, created through the cluster's front; their ids. */
    static List<String> createShows(Cluster cluster, int count, int seats) throws IOException, InterruptedException {
        List<String> shows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String id = UUID.randomUUID().toString();
            HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows"))
                    .header("Content-Type", "application/json").timeout(Duration.ofSeconds(10))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"showId\":\"" + id + "\",\"title\":\"Show " + i
                            + "\",\"maxSeats\":" + seats + "}")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            shows.add(id);
        }
        return shows;
    }

    /** Every acknowledged reservation is in the log, no seat twice, nothing refused (taken or overloaded) was written, and the shows agree. */
    static void assertAgrees(Cluster cluster, List<String> shows, ReservationLoad load)
            throws SQLException, IOException, InterruptedException {
        Map<String, String> reservedSeatBy = new HashMap<>(); // "show/seat" -> the correlation id that reserved it
        Set<String> doubled = new HashSet<>();
        try (Connection connection = DriverManager.getConnection(cluster.database().jdbcUrl());
                ResultSet rows = connection.createStatement().executeQuery(
                        "SELECT correlation_id FROM events WHERE event_type = 'SeatReserved'")) {
            while (rows.next()) {
                String correlationId = rows.getString(1);
                String seat = correlationId.substring(0, correlationId.lastIndexOf('/'));
                if (reservedSeatBy.put(seat, correlationId) != null) {
                    doubled.add(seat);
                }
            }
        }
        Set<String> logged = new HashSet<>(reservedSeatBy.values());
        Set<String> unknownOutcome = new HashSet<>();
        load.failedAtNanos.keySet().forEach(failure -> unknownOutcome.add(ReservationLoad.correlationIdOf(failure)));

        assertThat(doubled).as("seats reserved twice").isEmpty();
        assertThat(load.acknowledged.stream().filter(id -> !logged.contains(id))).as("acknowledged reservations missing from the log").isEmpty();
        assertThat(load.refused.stream().filter(logged::contains)).as("refused reservations written anyway").isEmpty();
        assertThat(load.overloaded.stream().filter(logged::contains)).as("reservations refused as overloaded written anyway").isEmpty();
        for (String show : shows) {
            Set<String> reservedInShow = new HashSet<>(reservedSeatsOf(cluster, show));
            Set<String> reservedInLog = new HashSet<>();
            reservedSeatBy.keySet().stream().filter(seat -> seat.startsWith(show + "/"))
                    .forEach(seat -> reservedInLog.add(seat.substring(show.length() + 1)));
            // No stale read: a node confirms its copy against the log before answering from it.
            assertThat(reservedInShow).as("show %s against its log", show).isEqualTo(reservedInLog);
        }
        assertThat(unknownOutcome.stream().filter(id -> load.acknowledged.contains(id) || load.refused.contains(id)))
                .as("requests with an unknown outcome that were also answered").isEmpty();
    }

    /** The seats a show says are reserved, read through the cluster's front. */
    static List<String> reservedSeatsOf(Cluster cluster, String show) throws IOException, InterruptedException {
        String body = HTTP.send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows/" + show)).GET()
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString()).body();
        Matcher letters = Pattern.compile("\"seats\":\"([AHR]*)\"").matcher(body); // one letter per seat
        assertThat(letters.find()).as("the show's seats in %s", body).isTrue();
        List<String> reserved = new ArrayList<>();
        for (int seat = 0; seat < letters.group(1).length(); seat++) {
            if (letters.group(1).charAt(seat) == 'R') {
                reserved.add(Integer.toString(seat));
            }
        }
        return reserved;
    }
}
