/**
 * Typed answers at known levels, for the offline rubric's tests: for each question, a strong
 * answer (STAR or the right shape, with specifics), a vague one, a weak one and an off-topic one.
 */
/** [question, level, answer]: four levels, strongest first, for three question types. */
export const gradedAnswers: [string, "strong" | "vague" | "weak" | "offtopic", string][] = [
  [
    "Tell me about a time you had to meet a tight deadline.",
    "strong",
    "In my last job at a logistics company, a client moved our launch deadline forward by a week. My role was to coordinate the three developers. I split the work into small daily pieces, I set up a fifteen minute check-in every morning, and I negotiated with the client to drop two low priority reports. As a result we delivered on time, and the client renewed the contract for another year, worth about forty thousand dollars.",
  ],
  [
    "Tell me about a time you had to meet a tight deadline.",
    "vague",
    "Yeah, so deadlines happen a lot in my work. We usually just work harder and try to get things done. The team was pretty stressed but we managed it in the end and it was fine. I think communication is important in those situations.",
  ],
  [
    "Tell me about a time you had to meet a tight deadline.",
    "weak",
    "I am good with deadlines. I always meet them.",
  ],
  [
    "Tell me about a time you had to meet a tight deadline.",
    "offtopic",
    "My favourite holiday was in Spain. The weather was lovely and we went to the beach every day, and the food was amazing, especially the seafood paella in the evenings by the sea.",
  ],
  [
    "Why do you want to work here?",
    "strong",
    "I want to work here because your company builds tools that help small clinics manage patients, and that matters to me. In my current role I built a scheduling feature that cut no-shows by twenty percent, and I'd like to bring that experience to your product team. I also like how your team publishes its design decisions openly.",
  ],
  [
    "Why do you want to work here?",
    "vague",
    "It seems like a good company and I think I would learn a lot. I want to grow my career and this job looks interesting.",
  ],
  [
    "Why do you want to work here?",
    "offtopic",
    "Football is my favourite sport. I watch every match on the weekend with my brother and we argue about the referee.",
  ],
  [
    "What is your greatest weakness?",
    "strong",
    "My weakness is that I used to take on too much myself instead of delegating. In my last project that meant I worked late for two weeks. So now I plan the work with the team on Mondays and I hand over tasks early. I have learned that delegating gets things done faster, and last quarter my team finished three days early.",
  ],
  ["What is your greatest weakness?", "weak", "I am a perfectionist."],
];
