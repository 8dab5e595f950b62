import type { OperatorRole } from "@esim/shared/console/roles";
import type { TeamOperatorView } from "@esim/shared/console/team-contract";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { operatorMeQuery } from "../../api/operator.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import {
  teamQuery,
  useAddTeamOperator,
  useResetTeamOperatorAuthenticator,
  useUpdateTeamOperator,
} from "../api/team.ts";

type Confirmation = { kind: "disable" | "enable" | "reset"; operator: TeamOperatorView };

function AddOperatorForm() {
  const t = useT();
  const add = useAddTeamOperator();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<OperatorRole>("support");
  const emailError = add.error instanceof ApiError ? add.error.fields.email : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    add.mutate({ email, role }, { onSuccess: () => setEmail("") });
  };

  return (
    <form
      onSubmit={submit}
      aria-label={t("console.team.add")}
      className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
    >
      <TextField
        label={t("console.team.email")}
        type="email"
        autoComplete="off"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={emailError ? t(`field.${emailError}`) : null}
      />
      <SelectField
        label={t("console.team.role")}
        value={role}
        onChange={(event) => setRole(event.target.value as OperatorRole)}
        options={[
          { value: "support", label: t("console.role.support") },
          { value: "admin", label: t("console.role.admin") },
        ]}
      />
      <Button type="submit" isLoading={add.isPending}>
        {t("console.team.add")}
      </Button>
      {add.error && !emailError ? (
        <div className="sm:col-span-3">
          <Alert>{t(errorMessageId(add.error))}</Alert>
        </div>
      ) : null}
      {add.data ? (
        <p role="status" className="text-sm text-slate-700 sm:col-span-3">
          {t(add.data.isCreated ? "console.team.added" : "console.team.alreadyThere", { email: add.data.data.email })}
        </p>
      ) : null}
    </form>
  );
}

/** The team: who may sign in to the console, with what role; an admin manages everyone but themselves. */
export function TeamList() {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const me = useQuery(operatorMeQuery());
  const team = useQuery(teamQuery());
  const update = useUpdateTeamOperator();
  const reset = useResetTeamOperatorAuthenticator();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const actionError = update.error ?? reset.error;

  const confirm = () => {
    if (!confirmation) return;
    const { kind, operator } = confirmation;
    const done = { onSettled: () => setConfirmation(null) };
    if (kind === "reset") reset.mutate(operator.id, done);
    else update.mutate({ id: operator.id, isDisabled: kind === "disable" }, done);
  };

  return (
    <div className="space-y-4">
      <AddOperatorForm />
      {actionError ? <Alert>{t(errorMessageId(actionError))}</Alert> : null}
      {team.error ? <Alert>{t(errorMessageId(team.error))}</Alert> : null}
      {team.data === undefined && !team.error ? <p className="text-slate-600">{t("common.loading")}</p> : null}
      <ul className="space-y-3">
        {team.data?.map((operator) => {
          const isMe = operator.id === me.data?.id;
          return (
            <li key={operator.id} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 space-y-1 text-sm text-slate-700">
                  <p className="break-all font-semibold text-slate-900">
                    <bdi>{operator.email}</bdi>
                    {isMe ? (
                      <span className="ms-2 text-xs font-normal text-slate-600">{t("console.team.you")}</span>
                    ) : null}
                  </p>
                  <p className="flex flex-wrap gap-2">
                    <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-semibold">
                      {t(operator.role === "admin" ? "console.role.admin" : "console.role.support")}
                    </span>
                    {operator.isDisabled ? (
                      <span className="rounded-md bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
                        {t("console.team.disabled")}
                      </span>
                    ) : null}
                    <span className="text-xs">
                      {t(operator.isEnrolled ? "console.team.enrolled" : "console.team.notEnrolled")}
                    </span>
                  </p>
                  <p className="text-xs text-slate-600">
                    {t("console.team.since", { time: format.dateTime(operator.createdAt) })} ·{" "}
                    {t("console.team.liveSessions", { count: operator.liveSessions })}
                  </p>
                </div>
                {isMe ? null : (
                  <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
                    {/* A row of its own on a phone (beside the buttons it was cut to "Su…"); its own width on a wider screen. */}
                    <SelectField
                      label={t("console.team.roleOf", { email: operator.email })}
                      className="w-full sm:w-auto [&_label]:sr-only"
                      value={operator.role}
                      disabled={update.isPending}
                      onChange={(event) => update.mutate({ id: operator.id, role: event.target.value as OperatorRole })}
                      options={[
                        { value: "support", label: t("console.role.support") },
                        { value: "admin", label: t("console.role.admin") },
                      ]}
                    />
                    <Button
                      variant="secondary"
                      className="min-h-11 px-3 text-sm"
                      onClick={() => setConfirmation({ kind: "reset", operator })}
                    >
                      {t("console.team.reset")}
                    </Button>
                    <Button
                      variant="secondary"
                      className="min-h-11 px-3 text-sm"
                      onClick={() => setConfirmation({ kind: operator.isDisabled ? "enable" : "disable", operator })}
                    >
                      {t(operator.isDisabled ? "console.team.enable" : "console.team.disable")}
                    </Button>
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <Modal
        open={confirmation !== null}
        onOpenChange={(open) => (open ? null : setConfirmation(null))}
        type="warning"
        title={confirmation ? t(`console.team.confirm.${confirmation.kind}.title`) : ""}
        message={
          confirmation
            ? t(`console.team.confirm.${confirmation.kind}.message`, { email: confirmation.operator.email })
            : ""
        }
        primaryAction={{
          label: confirmation ? t(`console.team.confirm.${confirmation.kind}.action`) : "",
          onClick: confirm,
          isLoading: update.isPending || reset.isPending,
        }}
        secondaryAction={{ label: t("common.cancel"), onClick: () => setConfirmation(null), variant: "secondary" }}
      />
    </div>
  );
}
