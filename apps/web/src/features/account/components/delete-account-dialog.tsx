import { isDeleteConfirmation } from "@esim/shared/account/contracts";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { ConfirmModal } from "../../../components/ui/modal.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useT } from "../../../lib/i18n.ts";
import { useDeleteAccount } from "../api/delete-account.ts";

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Deleting the account needs a word typed out: the reader's own ("SUPPRIMER", "حذف") or DELETE, in any case; the
 * session ends on success.
 */
export function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const t = useT();
  const [typed, setTyped] = useState("");
  const word = t("account.delete.word");
  const deleteAccount = useDeleteAccount();

  const changeOpen = (next: boolean) => {
    if (!next) {
      setTyped("");
      deleteAccount.reset();
    }
    onOpenChange(next);
  };

  return (
    <ConfirmModal
      open={open}
      onOpenChange={changeOpen}
      type="error"
      title={t("account.delete.title")}
      message={t("account.delete.message")}
      confirmLabel={t("account.delete.confirm")}
      confirmVariant="danger"
      isConfirming={deleteAccount.isPending}
      isConfirmDisabled={!isDeleteConfirmation(typed, word)}
      onConfirm={() => deleteAccount.mutate()}
    >
      <div className="space-y-4">
        <TextField
          label={t("account.delete.typeWord", { word })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="auto"
        />
        {deleteAccount.isError ? <Alert>{t("account.delete.failed")}</Alert> : null}
      </div>
    </ConfirmModal>
  );
}
