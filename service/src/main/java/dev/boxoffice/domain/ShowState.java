package dev.boxoffice.domain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** A show as the events so far made it: not created yet, or created with its seats. */
public sealed interface ShowState {

    ShowState NOT_CREATED = new NotCreated();

    record NotCreated() implements ShowState {
    }

    /** Seats are held in number order, so seat {@code n} is at index {@code n}. */
    record Show(UUID id, String title, List<Seat> seats) implements ShowState {

        public Show {
            seats = List.copyOf(seats);
            for (int i = 0; i < seats.size(); i++) {
                if (seats.get(i).number() != i) {
                    throw new IllegalArgumentException("seats must be numbered 0.." + (seats.size() - 1) + " in order");
                }
            }
        }

        public Optional<Seat> seat(int number) {
            return number >= 0 && number < seats.size() ? Optional.of(seats.get(number)) : Optional.empty();
        }

        public long availableSeats() {
            return seats.stream().filter(Seat::isAvailable).count();
        }

        Show withSeatStatus(int number, SeatStatus status) {
            List<Seat> changed = new ArrayList<>(seats);
            changed.set(number, seats.get(number).withStatus(status));
            return new Show(id, title, changed);
        }
    }
}
