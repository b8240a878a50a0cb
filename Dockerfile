# The BoxOffice service as an image, for those who build with Docker or Podman:
#   ./boxoffice build && docker build -t boxoffice:1.0.0-SNAPSHOT .
# `./boxoffice image` builds the same image without a daemon or a registry, from Debian packages: the same Debian
# release, the same jlink modules, and USER, ENV, EXPOSE, WORKDIR and ENTRYPOINT read from this file
# (deploy/image/build). The image has no embedded PostgreSQL: it needs DATABASE_URL.
FROM eclipse-temurin:25-jdk AS runtime
COPY deploy/image/jlink-modules /tmp/jlink-modules
RUN jlink --add-modules "$(cat /tmp/jlink-modules)" --strip-debug --no-man-pages --no-header-files \
      --compress=zip-6 --output /opt/java

FROM debian:bookworm-slim
# A user of its own, by number too, so that Kubernetes' runAsNonRoot can check it.
RUN echo 'boxoffice:x:10001:10001:BoxOffice:/app:/usr/sbin/nologin' >> /etc/passwd \
 && echo 'boxoffice:x:10001:' >> /etc/group
COPY --from=runtime /opt/java /opt/java
# .dockerignore leaves out the embedded PostgreSQL's binaries (83 MB): a container is given its database.
COPY service/target/quarkus-app/lib/ /app/lib/
COPY service/target/quarkus-app/quarkus/ /app/quarkus/
COPY service/target/quarkus-app/app/ /app/app/
COPY service/target/quarkus-app/quarkus-run.jar /app/quarkus-run.jar
COPY service/jvm.options /app/jvm.options
COPY line/target/lib/ /app/line/lib/
COPY line/target/boxoffice-line.jar /app/line/boxoffice-line.jar
COPY line/jvm.options /app/line/jvm.options
USER 10001:10001
ENV JAVA_HOME=/opt/java
ENV LANG=C.UTF-8
# No embedded PostgreSQL in the image: without DATABASE_URL the service stops at once, saying so.
ENV BOXOFFICE_EMBEDDED_POSTGRES_ENABLED=false
EXPOSE 8080/tcp
WORKDIR /app
ENTRYPOINT ["/opt/java/bin/java", "@/app/jvm.options", "-jar", "/app/quarkus-run.jar"]
