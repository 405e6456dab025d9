/**
 * Everyday spoken English, roughly most frequent first: what the answer recogniser's vocabulary
 * adds to the words of the answer library, so that an answer in the user's own words is not
 * forced onto the library's wording. Written by hand (the bundled dictionary has no word
 * frequencies): common function words, verbs with their past forms, workplace nouns, adverbs
 * contractions, jobs and workplaces. Duplicates of library words cost nothing: the library's counts win.
 */
export const GENERAL_WORDS: readonly string[] = `
the be to of and a in that have i it for not on with he as you do at this but his by from they
we say her she or an will my one all would there their what so up out if about who get which go
me when make can like time no just him know take people into year your good some could them see
other than then now look only come its over think also back after use two how our work first
well way even new want because any these give day most us is was are were been has had did said
got made went thing things really very much more many lot something anything nothing everything
someone everyone always never often sometimes maybe probably actually basically literally
honestly obviously definitely certainly absolutely exactly usually already still yet again ever
almost quite pretty right okay yeah yes sure alright oh um uh hmm mean kind sort stuff guess
feel felt need needed try tried trying let put keep kept start started help helped show showed
tell told ask asked call called talk talked find found leave left bring brought begin began seem
seemed turn turned move moved live lived believe believed happen happened include included
continue continued set learn learned change changed lead led understand understood watch follow
followed stop stopped create created speak spoke read spend spent grow grew open opened walk
walked win won offer offered remember remembered love loved consider considered appear appeared
buy bought wait waited serve served die send sent expect expected build built stay stayed fall
fell cut reach reached kill remain remained suggest suggested raise raised pass passed sell sold
require required report reported decide decided pull pulled explain explained hope hoped develop
developed carry carried break broke receive received agree agreed support supported hit produce
produced eat cover covered catch caught draw drew choose chose deal handle handled manage
managed solve solved fix fixed plan planned improve improved focus focused share shared apply
applied join joined prepare prepared review reviewed check checked test tested write wrote
written run ran sit sat stand stood lose lost pay paid meet met hear heard play played person
man woman child children world life hand part place case week company system program question
government number night point home water room mother area money story fact month study book eye
job word business issue side head house service friend father power hour game line end member
law car city community name president team minute idea kid body information school face others
level office door health art war history party result morning reason research girl guy moment
air teacher force education foot boy age policy process music market sense nation college
interest death experience effect class control care field development role effort rate heart
drug leader light voice wife police mind price decision son view relationship town road arm
difference value building action model season society tax director position player record paper
space ground form event official matter center couple site project activity star table court oil
situation cost industry figure street image phone data picture practice piece land product
doctor wall patient worker news movie north technology step baby computer type attention film
tree source organization hair window evidence population training skill skills customer
customers client clients manager managers colleague colleagues boss meeting meetings deadline
deadlines goal goals task tasks problem problems solution solutions feedback challenge
challenges strength strengths weakness weaknesses opportunity opportunities responsibility
responsibilities career interview salary email emails reports presentation budget schedule
priority priorities communication conflict stress pressure success failure mistake mistakes
example examples approach strategy quality performance growth knowledge ability environment
culture values mission products sales marketing software engineering design finance operations
staff employee employees department university degree course internship volunteer hobby weekend
family friends free great big small large long little old high low young important different
same able bad best better real certain whole possible hard easy clear early late full special
difficult available likely short single personal public human local social major national
political economic general true recent simple strong serious happy ready whether nice fine main
several huge common significant successful positive negative professional technical creative
complex specific effective efficient excellent perfect key final similar various usual current
previous next last few less least enough own another each every both either neither such here
where why while although though since until unless before during through between under above
across against without within along around among toward towards upon behind below beside beyond
near off down away together instead however therefore otherwise meanwhile too please thanks
thank sorry hello hi whatever whoever wherever anyway anyhow somehow perhaps indeed rather whom
whose myself yourself himself herself itself ourselves themselves i'm i've i'd i'll you're
you've you'd you'll he's she's it's we're we've we'd we'll they're they've they'd they'll that's
there's here's what's who's let's don't doesn't didn't can't couldn't won't wouldn't shouldn't
isn't aren't wasn't weren't haven't hasn't hadn't gonna wanna gotta three four five six seven
eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred thousand million percent
second third half dozen today tomorrow yesterday ago soon later recently currently finally
eventually immediately quickly slowly carefully easily simply mostly mainly especially
particularly generally typically normally naturally clearly directly fully completely totally
entirely nearly hardly barely everywhere somewhere anywhere nowhere inside outside ahead forward
jobs worked working works workers companies businesses offices shop store restaurant hotel
hospital clinic schools factory warehouse bank agency charity council firm startup sector
division branch plant lab laboratory kitchen bar cafe ward unit centre floor desk shift shifts
rota overtime contract contracts wage wages bonus promotion promoted hire hired hiring fire
fired quit resign resigned redundant redundancy retire retired application applications
candidate candidates recruiter recruitment interviewer interviewed vacancy advert advertisement
roles title duties duty assignment nurse nurses doctors teachers student students engineer
engineers developer developers designer designers accountant accountants lawyer lawyers chef
chefs cook waiter waitress cleaner driver drivers mechanic electrician plumber builder carpenter
pilot soldier officer officers scientist researcher analyst analysts consultant consultants
assistant receptionist secretary administrator supervisor supervisors directors executive
executives owner owners founder partner partners shareholder shareholders investor investors
supplier suppliers vendor vendors contractor contractors volunteers intern interns trainee
apprentice graduate graduates parent parents patients guest guests visitor visitors user users
audience stakeholder stakeholders coworker coworkers helping supporting leading managing
organise organised organize organized organising organizing coordinate coordinated planning
scheduled deliver delivered delivering launch launched launching release released ship shipped
designed designing testing fixing solving improving increase increased increasing reduce reduced
reducing save saved saving cutting growing train trained teach taught teaching coach coached
coaching mentor mentored mentoring learning studied studying researched analyse analysed analyze
analyzed measure measured track tracked monitor monitored reporting present presented presenting
writing edit edited selling buying order ordered serving cooked clean cleaned drive drove
driving caring treat treated listen listened listening speaking talking discuss discussed
negotiate negotiated persuade persuaded convince convinced explaining asking answer answered
reply replied calling emailed agreeing disagree disagreed argue argued complain complained
apologise apologised apologize apologized thanked praise praised criticise criticised blame
blamed trust trusted respect respected motivate motivated encourage encouraged inspire inspired
delegate delegated prioritise prioritised prioritize prioritized deciding chosen changing adapt
adapted adjust adjusted handling cope coped struggle struggled fail failed succeed succeeded
achieve achieved achieving winning losing miss missed finish finished complete completed
starting stopping waiting moving travel travelled traveled visit visited staying return returned
joining leaving notice noticed realise realised realize realized recognise recognised recognize
recognized forget forgot forgotten worry worried enjoy enjoyed enjoying liked hate hated prefer
preferred wanted wish hoping expecting preparing checking reviewing following offering provide
provided providing including involve involved involving allow allowed making taking giving
getting going coming seeing looking watching hearing feeling thinking knowing meaning saying
telling finding keeping putting bringing setting running turning showing using needing become
became happening issues risk risks error errors complaint complaints delay delays crisis
emergency incident accident disagreement argument target targets results outcome outcomes impact
benefit benefits advantage improvement improvements changes decisions choice choices option
options ideas plans processes procedure procedures policies rule rules standard standards
systems tool tools app website database spreadsheet document documents file files records list
note notes message messages letter calls conversation conversations discussion workshop courses
qualification qualifications certificate diploma exam exams background future past years months
weeks days hours minutes afternoon evening summer winter spring autumn holiday holidays lunch
dinner coffee tea food costs prices revenue profit profits safety teams group groups projects
services laptop internet worse worst bigger biggest smaller larger longer shorter higher lower
newer older younger busy quiet calm unhappy sad angry upset frustrated confident nervous anxious
excited proud grateful lucky tired unclear fair unfair honest friendly helpful useful urgent
minor basic empty safe dangerous expensive cheap fast quick slow wrong false impossible
responsible reliable flexible detailed careful weak senior junior international global private
practical financial medical legal commercial digital online manual physical mental natural
normal unusual regular particular fairly rarely roughly luckily unfortunately fortunately
hopefully closely previously originally initially alone
`
  .split(/\s+/)
  .filter((word) => word.length > 0);
