import { useState } from "react";
import { FieldError } from "#app/components/admin/field.tsx";
import { UPLOAD_ACCEPT, UPLOAD_LABEL, uploadSizeProblem } from "#platform/image-uploads.ts";

/**
 * The file input of a media upload, with the image library's rules: the accepted types, and a
 * file over 5 MB refused as soon as it is chosen, with the library's message next to the field
 * (the form will not send it, so nothing typed beside it is lost and nothing heavy travels). The
 * server checks everything again on the bytes; its message comes as `error`.
 */
export function ImageFileField({
  id,
  label = UPLOAD_LABEL,
  error,
  hint,
  required = true,
}: {
  id: string;
  label?: string;
  error?: string;
  hint?: string;
  required?: boolean;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  // The server's message stays until the form is sent again.
  const shown = problem ?? error;
  const describedBy =
    [hint ? `${id}-hint` : "", shown ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`admin-field${shown ? " admin-field--error" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        name="file"
        accept={UPLOAD_ACCEPT}
        required={required}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          const found = file ? uploadSizeProblem(file.size) : null;
          event.currentTarget.setCustomValidity(found ?? "");
          setProblem(found);
        }}
      />
      {hint && (
        <small id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </small>
      )}
      {shown && <FieldError id={`${id}-error`} message={shown} />}
    </div>
  );
}
