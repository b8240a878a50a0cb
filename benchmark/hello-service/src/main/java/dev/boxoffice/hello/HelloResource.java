package dev.boxoffice.hello;

import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.validation.constraints.NotBlank;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The same trivial, validated greeting three times; only the thread that runs it differs. A blank name is a 400
 * from Hibernate Validator, so validation is part of the work measured, as in the article's microbenchmark.
 */
@Path("/hello")
@Produces(MediaType.TEXT_PLAIN)
public class HelloResource {

    @GET
    @Path("/event-loop/{name}")
    @NonBlocking
    public String onEventLoop(@PathParam("name") @NotBlank String name) {
        return greeting(name);
    }

    @GET
    @Path("/worker/{name}")
    @Blocking
    public String onWorker(@PathParam("name") @NotBlank String name) {
        return greeting(name);
    }

    @GET
    @Path("/virtual-thread/{name}")
    @RunOnVirtualThread
    public String onVirtualThread(@PathParam("name") @NotBlank String name) {
        return greeting(name);
    }

    private static String greeting(String name) {
        return "hello " + name;
    }
}
