import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { createQueryClient } from "@/app/query-client";
import { ReauthenticationProvider } from "@/features/auth/public";

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* Asks to sign in again when a sensitive action needs it, then repeats the action. */}
      <ReauthenticationProvider />
    </QueryClientProvider>
  );
}
