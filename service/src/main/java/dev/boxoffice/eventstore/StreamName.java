package dev.boxoffice.eventstore;

/**
 * The name of one stream of events: {@code category-id}, as in Eventuous and EventStoreDB, so that the category
 * (for example "show") can be read off every event in the log.
 */
public record StreamName(String value) {

    public StreamName {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("a stream name must not be blank");
        }
    }

    public static StreamName of(String category, Object id) {
        return new StreamName(category + "-" + id);
    }

    /** Whether this stream belongs to {@code category}. */
    public boolean isIn(String category) {
        return value.length() > category.length() && value.startsWith(category) && value.charAt(category.length()) == '-';
    }

    @Override
    public String toString() {
        return value;
    }
}
