package dev.boxoffice.api;

/**
 * A block of arrival numbers recorded for a line service, and how far the line got: the block is the {@code size}
 * numbers below {@code numbered}; numbers below {@code firstUncalled} are not to be handed out (called already, or
 * drawn); {@code drawn} says whether the on-sale's draw was made before the block was recorded.
 */
public record LineBlockView(long numbered, long firstUncalled, boolean drawn) {
}
