import type { CheckoutReturnTarget } from "@esim/shared/checkout/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useReducer, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { checkoutReturnTarget, openCheckout } from "../../../lib/open-checkout.ts";
import { ME_QUERY_KEY } from "../../../lib/session.ts";
import { type CreateOrderBody, createOrderRequest } from "../api/create-order.ts";
import { QUOTES_QUERY_KEY } from "../api/get-quote.ts";
import { type PlacedCart, placedCartState } from "./placed-cart.ts";

export type PayState =
  | { step: "idle" }
  /** The payment modal asks to continue. */
  | { step: "confirming" }
  | { step: "creating" }
  | { step: "blocked" }
  | { step: "failed"; error: unknown }
  /** A free order (nothing to charge) is being created: no modal, no payment window. */
  | { step: "creatingFree" }
  | { step: "freeFailed"; error: unknown };

type PayAction =
  | { type: "ask" }
  | { type: "create" }
  | { type: "blocked" }
  | { type: "failed"; error: unknown }
  | { type: "cancel" }
  | { type: "createFree" }
  | { type: "freeFailed"; error: unknown };

function reducer(state: PayState, action: PayAction): PayState {
  switch (action.type) {
    case "ask":
      return state.step === "idle" || state.step === "freeFailed" || state.step === "creatingFree"
        ? { step: "confirming" }
        : state;
    case "create":
      return { step: "creating" };
    case "blocked":
      return { step: "blocked" };
    case "failed":
      return { step: "failed", error: action.error };
    case "cancel":
      return state.step === "creating" ? state : { step: "idle" };
    case "createFree":
      return state.step === "idle" || state.step === "freeFailed" ? { step: "creatingFree" } : state;
    case "freeFailed":
      return { step: "freeFailed", error: action.error };
  }
}

/** Whether the payment modal shows for this state (a free order never opens it). */
export function isPaymentModalOpen(state: PayState): boolean {
  return (
    state.step === "confirming" || state.step === "creating" || state.step === "blocked" || state.step === "failed"
  );
}

export type OrderRequest = Omit<CreateOrderBody, "clientReference" | "returnTo">;

/** The web keeps the gateway's default return (the browser's /payment-callback); the apps ask for their App Links. */
const returnToOf = (target: CheckoutReturnTarget) => (target === "app" ? { returnTo: "app" as const } : {});

/**
 * Pay: the modal, then (on Continue) the payment window opened first (the web's popup; the apps open their
 * in-app browser once the order exists), the order created, the window sent to the checkout and this window to
 * /payment-callback. A free order is created at once instead, without modal or window, and this window goes to
 * /success. One `clientReference` per attempt: a retry of the same cart and billing reuses it, so the server
 * answers the same order instead of a second one. Before leaving, the summary's history entry keeps the order and
 * the attempt (placed-cart.ts): Back to it knows the cart was placed; `resumed` is that attempt, to reuse.
 */
export function usePayFlow(resumed: PlacedCart["attempt"] | null = null) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(reducer, { step: "idle" });
  /**
   * The charge of the order the server made, when it differs from the quote's (a free order priced after all): what
   * the payer is charged, the gateway's fee they pay included, and that fee.
   */
  const [orderCharge, setOrderCharge] = useState<{ chargeDzdMinor: number; gatewayFeeDzdMinor: number } | null>(null);
  const attempt = useRef<{ key: string; reference: string } | null>(resumed);

  const referenceFor = (request: OrderRequest): string => {
    const key = JSON.stringify(request);
    if (attempt.current?.key !== key) attempt.current = { key, reference: crypto.randomUUID() };
    return attempt.current.reference;
  };

  const forgetConflictingAttempt = (error: unknown) => {
    // The server saw this reference with another cart: the next try is a new attempt.
    if (error instanceof ApiError && error.code === "IDEMPOTENCY_CONFLICT") attempt.current = null;
  };

  /** The server keeps the checkout's phone on a profile without one: read it again to prefill the next checkout. */
  const refreshProfile = () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });

  /**
   * Leaves the summary for `to`, its own history entry first made to keep the placed order (placed-cart.ts), so
   * browser Back to it knows the cart was placed. One navigation after the other: a second would cancel the first.
   */
  const leaveAfterPlacing = (orderId: string, to: string) => {
    const placed = attempt.current ? placedCartState({ orderId, attempt: attempt.current }) : null;
    void Promise.resolve(
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: placed }),
    ).then(() => navigate(to));
  };

  /** An order the server answered paid (nothing to charge): its success page. */
  const showPaidOrder = (orderId: string, paymentId: string) =>
    leaveAfterPlacing(orderId, `/success?${new URLSearchParams({ paymentId, orderId })}`);

  /** Runs in the Continue click: nothing may be awaited before the window opens. */
  const pay = (request: OrderRequest) => {
    const checkoutWindow = openCheckout();
    if (!checkoutWindow) {
      dispatch({ type: "blocked" });
      return;
    }
    dispatch({ type: "create" });
    const clientReference = referenceFor(request);
    void createOrderRequest({ ...request, ...returnToOf(checkoutWindow.returnTo), clientReference }).then(
      ({ order, payment }) => {
        refreshProfile();
        if (payment.checkoutUrl === null) {
          // Nothing was left to pay after all: the order is paid, no checkout to show.
          checkoutWindow.close();
          showPaidOrder(order.id, payment.id);
          return;
        }
        checkoutWindow.show(payment.checkoutUrl);
        leaveAfterPlacing(order.id, `/payment-callback?${new URLSearchParams({ paymentId: payment.id })}`);
      },
      (error: unknown) => {
        checkoutWindow.close();
        forgetConflictingAttempt(error);
        dispatch({ type: "failed", error });
      },
    );
  };

  /**
   * A free order: created without a payment window (the server answers no checkout and the order paid), then
   * /success. Should the server price it above 0 after all (a price changed since the quote), the payment modal
   * asks to pay it, with the order's charge; the same reference answers the same order.
   */
  const confirmFree = (request: OrderRequest) => {
    if (state.step === "creatingFree") return;
    dispatch({ type: "createFree" });
    const clientReference = referenceFor(request);
    void createOrderRequest({ ...request, ...returnToOf(checkoutReturnTarget()), clientReference }).then(
      ({ order, payment }) => {
        refreshProfile();
        if (payment.checkoutUrl === null) {
          showPaidOrder(order.id, payment.id);
          return;
        }
        setOrderCharge({
          // The card's part: store credit paid the rest (decision 064).
          chargeDzdMinor: order.chargeDzdMinor - order.creditAppliedDzdMinor + order.payment.customerFeeDzdMinor,
          gatewayFeeDzdMinor: order.payment.customerFeeDzdMinor,
        });
        void queryClient.invalidateQueries({ queryKey: QUOTES_QUERY_KEY });
        dispatch({ type: "ask" });
      },
      (error: unknown) => {
        forgetConflictingAttempt(error);
        dispatch({ type: "freeFailed", error });
      },
    );
  };

  return {
    state,
    orderCharge,
    ask: () => dispatch({ type: "ask" }),
    cancel: () => dispatch({ type: "cancel" }),
    pay,
    confirmFree,
  };
}
