import { getConsoleOrderMargin, getMarginReport, type MarginPeriod } from "@esim/shared/console/margins-contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client.ts";
import { operatorAuth } from "../lib/operator-session.ts";
import { CONSOLE_QUERY_KEY } from "./query-keys.ts";

// The owner's margin (admins): one order's, and the report of a period per plan and per day.

const marginsKey = [...CONSOLE_QUERY_KEY, "margins"] as const;
export const marginQueryKeys = {
  report: (period: MarginPeriod) => [...marginsKey, "report", period] as const,
  order: (number: string) => [...marginsKey, "order", number.toUpperCase()] as const,
};

/** The period's margin; the previous period stays shown while another loads. */
export const marginReportQuery = (period: MarginPeriod) =>
  queryOptions({
    queryKey: marginQueryKeys.report(period),
    queryFn: async ({ signal }) =>
      (await callApi(getMarginReport, { signal, auth: operatorAuth, query: { period } })).data,
    placeholderData: keepPreviousData,
  });

/** One order's margin. */
export const orderMarginQuery = (number: string) =>
  queryOptions({
    queryKey: marginQueryKeys.order(number),
    queryFn: async ({ signal }) =>
      (await callApi(getConsoleOrderMargin, { signal, auth: operatorAuth, params: { number } })).data,
  });
