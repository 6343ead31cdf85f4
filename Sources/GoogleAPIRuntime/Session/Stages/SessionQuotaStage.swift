import Foundation
import GoogleBase
import GoogleHTTPTypes
import GoogleJSON

// MARK: - SessionQuotaStage

/// The quota stage: prices a call once, by its method ID, with the session's
/// ``GoogleQuotaLedger``; charges each attempt before it is sent (the server charges each one);
/// and turns a 403 saying the day's quota is spent into ``GoogleQuotaExceededError``, marking the
/// ledger exhausted so that no call through it is sent until the reset.
struct SessionQuotaStage: Sendable {
    let ledger: GoogleQuotaLedger?
    /// The call's price; `nil` when there is no ledger or it does not count this method.
    let price: GoogleQuotaPricing.Price?
    let events: SessionEvents
    let now: @Sendable () -> Date

    init(methodID: String?, ledger: GoogleQuotaLedger?, events: SessionEvents, now: @escaping @Sendable () -> Date) {
        self.ledger = ledger
        self.price = methodID.flatMap { id in ledger?.pricing.price(ofMethod: id) }
        self.events = events
        self.now = now
    }

    /// Whether attempts are charged (the session has a ledger and it prices this method).
    var charges: Bool { price != nil }

    /// Charges one attempt, reported as ``GoogleSessionEvent/Kind/quotaCharged``; a refusal is
    /// reported as ``GoogleSessionEvent/Kind/quotaRefused`` and thrown.
    /// - Throws: ``GoogleQuotaExceededError``, or the ledger's file error.
    func charge(_ context: GoogleRequestContext) async throws {
        guard let ledger, let price else { return }
        let status: GoogleQuotaStatus
        do {
            status = try await ledger.charge(price.units, method: price.method)
        } catch let refusal as GoogleQuotaExceededError {
            report(.quotaRefused, price, unitsLeft: refusal.unitsLeft, context: context)
            throw refusal
        }
        report(.quotaCharged, price, unitsLeft: status.remaining, context: context)
    }

    /// Reports a charge or a refusal of `price`, with the units left after it.
    private func report(_ kind: GoogleSessionEvent.Kind, _ price: GoogleQuotaPricing.Price, unitsLeft: Int, context: GoogleRequestContext) {
        events.emit(
            GoogleSessionEvent(
                kind, context: context,
                attributes: [("quota.units", String(price.units)), ("quota.method", price.method), ("quota.unitsLeft", String(unitsLeft))]))
    }

    /// Throws when `outcome` is a 403 saying the day's quota is spent (`quotaExceeded`), for a
    /// call the ledger prices or, without one, in YouTube's `youtube.quota` domain (a daily quota
    /// for the project, reset at midnight Pacific).
    /// - Throws: ``GoogleQuotaExceededError`` with `reportedByServer`, or the ledger's file error.
    func requireQuotaLeft<Value>(
        _ outcome: inout SessionAttempt<Value>, context: GoogleRequestContext, request: GoogleHTTPRequest
    ) async throws {
        guard outcome.head.status == 403 else { return }
        let body = await outcome.classifiedErrorBody()
        guard GoogleErrorReasons.reasons(in: body).contains("quotaExceeded"),
            price != nil || GoogleErrorReasons.domains(in: body).contains("youtube.quota")
        else { return }
        let resetsAt = PacificDay(containing: now()).end
        let method = price?.method ?? context.methodID ?? "\(request.method) \(SecretRedactor.redactedURL(request.url))"
        events.emit(GoogleSessionEvent(.quotaExhausted, context: context, attributes: [("quota.method", method)]))
        if let ledger { try await ledger.markExhausted() }
        throw GoogleQuotaExceededError(
            method: method, unitsNeeded: price?.units ?? 0, unitsLeft: 0, resetsAt: resetsAt, reportedByServer: true)
    }
}
