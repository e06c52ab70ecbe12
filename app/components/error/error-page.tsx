import { Component, type ReactNode } from "react";
import {
  type ErrorDetails,
  HELP_LINK_LABEL,
  HOME_BUTTON_LABEL,
  NESTED_ERROR_MESSAGE,
} from "#app/lib/errors.ts";

/** The shop's error page: status, title or message, the way home and the way to help. */
export function ErrorPage({ details }: { details: ErrorDetails }) {
  return (
    <ErrorPageGuard>
      <section className="error-page" aria-labelledby="error-title">
        <p className="error-page__status">{details.statusCode}</p>
        <h1 id="error-title" className="error-page__title">
          {details.title}
        </h1>
        <a className="button button--primary" href="/">
          {HOME_BUTTON_LABEL}
        </a>
        <a className="error-page__help" href="/faq/">
          {HELP_LINK_LABEL}
        </a>
      </section>
    </ErrorPageGuard>
  );
}

/** If showing the error page fails itself, fall back to a plain message and a link home. */
class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="error-page">
        <p>{NESTED_ERROR_MESSAGE}</p>
        <a href="/">{HOME_BUTTON_LABEL}</a>
      </section>
    );
  }
}
