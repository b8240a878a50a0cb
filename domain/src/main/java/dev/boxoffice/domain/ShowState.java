package dev.boxoffice.domain;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** A show as the events so far made it: not created yet, or created with its seats and holds. */
public sealed interface ShowState {

    ShowState NOT_CREATED = new NotCreated();

    record NotCreated() implements ShowState {
    }

    /**
     * A show in its {@link Hall}: sections, rows, labels and prices, kept compact; each seat's status is two bits
     * ({@link SeatMap}). Seats are numbered {@code 0 .. seatCount() - 1}, row by row. {@code room} is its waiting
     * room, null when it sells without one.
     */
    record Show(UUID id, String title, Hall hall, SeatMap seatMap, Holds holds, WaitingRoom room) implements ShowState {

        public Show {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(hall, "hall");
            Objects.requireNonNull(seatMap, "seatMap");
            Objects.requireNonNull(holds, "holds");
            if (hall.size() != seatMap.size()) {
                throw new IllegalArgumentException("a hall of " + hall.size() + " seats with a seat map of " + seatMap.size());
            }
        }

        /** A show without a waiting room. */
        public Show(UUID id, String title, Hall hall, SeatMap seatMap, Holds holds) {
            this(id, title, hall, seatMap, holds, null);
        }

        /** A show without holds. */
        public Show(UUID id, String title, Hall hall, SeatMap seatMap) {
            this(id, title, hall, seatMap, Holds.NONE);
        }

        public Optional<WaitingRoom> waitingRoom() {
            return Optional.ofNullable(room);
        }

        public int seatCount() {
            return seatMap.size();
        }

        public Optional<Seat> seat(int number) {
            return number >= 0 && number < seatMap.size() ? Optional.of(seatAt(number)) : Optional.empty();
        }

        public int availableSeats() {
            return seatMap.availableCount();
        }

        /** Whether a buyer let in now could find a seat, or may once held seats come back. */
        public SeatSupply seatSupply() {
            return SeatSupply.of(seatMap.availableCount(), seatMap.heldCount());
        }

        public Optional<Hold> hold(UUID holdId) {
            return holds.find(holdId);
        }

        /** Every seat in number order, made on demand: O(seats), for answers that list them all. */
        public List<Seat> seats() {
            List<Seat> seats = new ArrayList<>(seatMap.size());
            for (int number = 0; number < seatMap.size(); number++) {
                seats.add(seatAt(number));
            }
            return seats;
        }

        /** Bytes this state holds on a 64-bit JVM with compressed references; the shared initial price and no holds are free. */
        public long estimatedBytes() {
            // Two bytes a character, as if the title were not Latin-1: never under, and no scan of the title on every append.
            long titleBytes = 24 + ((16 + 2L * title.length() + 7) & ~7L);
            long holdsBytes = holds == Holds.NONE ? 0 : holds.estimatedBytes();
            long roomBytes = room == null ? 0 : room.estimatedBytes();
            return 40 + 32 + titleBytes + hall.estimatedBytes() + seatMap.estimatedBytes() + holdsBytes + roomBytes;
        }

        Show with(SeatMap changedSeats, Holds changedHolds) {
            return new Show(id, title, hall, changedSeats, changedHolds, room);
        }

        Show with(WaitingRoom changedRoom) {
            return new Show(id, title, hall, seatMap, holds, changedRoom);
        }

        private Seat seatAt(int number) {
            return new Seat(number, seatMap.status(number), hall.price(number));
        }
    }
}
