import { Link } from "react-router";

export function LandingPage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-bold">Interview Coach</h1>
      <p className="mt-4">Practise interviews with AI-powered feedback.</p>
      <Link className="mt-6 inline-block underline" to="/auth">
        Get Started
      </Link>
    </main>
  );
}
