package dev.boxoffice.bench.measure;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Option values that must be numbers above zero (or at least zero), as picocli converters. */
public final class Positive implements ITypeConverter<Double> {

    @Override
    public Double convert(String value) {
        double number = number(value);
        if (!(number > 0)) {
            throw new TypeConversionException("must be greater than 0, not '" + value + "'");
        }
        return number;
    }

    /** A number of 0 or more. */
    public static final class OrZero implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double number = number(value);
            if (!(number >= 0)) {
                throw new TypeConversionException("must be 0 or more, not '" + value + "'");
            }
            return number;
        }
    }

    /** A whole number of 1 or more. */
    public static final class Count implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return wholeNumber(value, 1);
        }
    }

    /** A whole number of 0 or more. */
    public static final class CountOrZero implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return wholeNumber(value, 0);
        }
    }

    private static double number(String value) {
        try {
            return Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("must be a number, not '" + value + "'");
        }
    }

    private static int wholeNumber(String value, int least) {
        int number;
        try {
            number = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("must be a whole number, not '" + value + "'");
        }
        if (number < least) {
            throw new TypeConversionException("must be a whole number >= " + least + ", not '" + value + "'");
        }
        return number;
    }
}
