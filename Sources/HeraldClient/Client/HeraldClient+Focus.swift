public import Foundation
public import HeraldAPI

extension HeraldClient {
    /// Whether the person's notifications are quiet now and, for the admin, why
    /// and what the person set: `GET /v1/focus`. An app's token reads
    /// ``API/Focus/isFocused`` alone.
    public func focus() async throws -> API.Focus {
        try await call(.get, ["v1", "focus"])
    }

    /// Replaces the Focus modes, the Focus switched by hand and the summary times:
    /// `PUT /v1/focus` (admin). Refused whole, changing nothing, when any of it is invalid.
    public func updateFocus(_ settings: API.QuietSettings) async throws -> API.Focus {
        try await call(.put, ["v1", "focus"], body: settings)
    }

    /// Switches the Focus `identifier` on by hand (`nil`: every Focus off, its
    /// schedules too), until `until` or until switched again:
    /// `POST /v1/focus/override` (admin).
    public func switchFocus(_ identifier: String?, until: Date? = nil) async throws -> API.Focus {
        try await call(.post, ["v1", "focus", "override"], body: API.FocusOverride(focus: identifier, until: until))
    }

    /// Ends the Focus switched by hand: the schedules decide again.
    /// `DELETE /v1/focus/override` (admin).
    public func followFocusSchedules() async throws -> API.Focus {
        try await call(.delete, ["v1", "focus", "override"])
    }
}
