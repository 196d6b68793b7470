import { Component, type ErrorInfo, type ReactNode } from "react";

/**
 * Shows `fallback` instead of a part that failed to render, such as code that could not be
 * fetched, so the rest of the app (and what the reader has typed) stays.
 */
export class ErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
