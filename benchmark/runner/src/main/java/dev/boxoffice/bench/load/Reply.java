package dev.boxoffice.bench.load;

/** What came back for one request: an HTTP status and the Location header, or {@code status == 0} on failure. */
public record Reply(int status, String location) {

    static final Reply FAILED = new Reply(0, null);

    public boolean isSuccess() {
        return status >= 200 && status < 300;
    }
}
