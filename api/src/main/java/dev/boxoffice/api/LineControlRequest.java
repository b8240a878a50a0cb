package dev.boxoffice.api;

import dev.boxoffice.domain.LineControl;
import dev.boxoffice.domain.ShowCommand.ControlLine;
import dev.boxoffice.domain.WaitingRoomSettings;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * An operator's change to a waiting room: SET_RATE and SET_MAX_ACTIVE with their {@code value}, PAUSE, RESUME or
 * CLOSE without one; {@code operator} names who made it in the room's audit trail.
 */
public record LineControlRequest(@NotNull Action action,
        @Min(1) @Max(WaitingRoomSettings.MAX_ACTIVE) Integer value,
        @NotBlank @Size(max = ControlLine.MAX_OPERATOR_NAME) String operator) {

    public enum Action {
        SET_RATE,
        SET_MAX_ACTIVE,
        PAUSE,
        RESUME,
        CLOSE
    }

    /** Why the value does not go with the action (SET_RATE and SET_MAX_ACTIVE take one, the others none); null if it does. */
    public String valueMismatch() {
        boolean takesValue = action == Action.SET_RATE || action == Action.SET_MAX_ACTIVE;
        return (value != null) == takesValue ? null : takesValue ? action + " takes a value: 1 to " + WaitingRoomSettings.MAX_ACTIVE
                : action + " takes no value";
    }

    public LineControl control() {
        return switch (action) {
            case SET_RATE -> new LineControl.SetRate(value);
            case SET_MAX_ACTIVE -> new LineControl.SetMaxActive(value);
            case PAUSE -> new LineControl.Pause();
            case RESUME -> new LineControl.Resume();
            case CLOSE -> new LineControl.Close();
        };
    }
}
